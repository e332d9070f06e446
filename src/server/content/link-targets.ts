/** Placeholder until helper E's link-targets module lands (same contract). */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export async function resolveLinkRef(_db: Db, _locale: LocaleCode, _ref: string): Promise<string | undefined> {
  return undefined;
}
