/** Cookie consent flags and rules (docs/product/consent.md). */
export const ConsentFlag = { Necessary: 1, AdStorage: 2, AnalyticsStorage: 4, AdPersonalization: 8, AdUserData: 16 } as const;
export const ALL_CONSENT = 31;
export const CONSENT_COOKIE = '__consent';
const DAY = 86_400;

export interface ConsentChoices {
  adStorage: boolean;
  analyticsStorage: boolean;
  adPersonalization: boolean;
}

/** Allow all grants every flag. */
export function allowAll(): number {
  return ALL_CONSENT;
}

/** Saving settings always includes Necessary; the personalization toggle also grants user data. */
export function fromChoices(c: ConsentChoices): number {
  let v = ConsentFlag.Necessary;
  if (c.adStorage) v |= ConsentFlag.AdStorage;
  if (c.analyticsStorage) v |= ConsentFlag.AnalyticsStorage;
  if (c.adPersonalization) v |= ConsentFlag.AdPersonalization | ConsentFlag.AdUserData;
  return v;
}

/** Reject on the first layer: only what the shop cannot work without. */
export function rejectAll(): number {
  return ConsentFlag.Necessary;
}

export function has(value: number, flag: number): boolean {
  return (value & flag) === flag;
}

/** 30 days when anything beyond Necessary was granted, else 1 day. */
export function consentMaxAge(value: number): number {
  return (value & ~ConsentFlag.Necessary) !== 0 ? 30 * DAY : DAY;
}

export function consentCookie(value: number): string {
  return `${CONSENT_COOKIE}=${value}; Max-Age=${consentMaxAge(value)}; Path=/; SameSite=Lax`;
}

/** The saved value from document.cookie, or undefined when none (or garbage) is stored. */
export function readConsent(cookie: string): number | undefined {
  const m = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(\\d+)`).exec(cookie);
  if (!m) return undefined;
  const v = Number(m[1]);
  return v >= 1 && v <= ALL_CONSENT ? v | ConsentFlag.Necessary : undefined;
}

export type ConsentModeSignals = Record<'ad_storage' | 'analytics_storage' | 'ad_personalization' | 'ad_user_data', 'granted' | 'denied'>;

/** Google Consent Mode v2 signals for a consent value. */
export function consentModeSignals(value: number): ConsentModeSignals {
  const g = (f: number) => (has(value, f) ? 'granted' : 'denied') as 'granted' | 'denied';
  return {
    ad_storage: g(ConsentFlag.AdStorage),
    analytics_storage: g(ConsentFlag.AnalyticsStorage),
    ad_personalization: g(ConsentFlag.AdPersonalization),
    ad_user_data: g(ConsentFlag.AdUserData),
  };
}
