/** Retail personalisation slice (localStorage td02:personalisation): the provider's visitor id and campaign data. */
import { localAtom } from './persist.ts';

export interface PersonalisationState {
  userId: string | null;
  campaign: Record<string, string> | null;
  capturedAt: number | null;
}
export const personalisation = localAtom<PersonalisationState>('personalisation', { userId: null, campaign: null, capturedAt: null });
