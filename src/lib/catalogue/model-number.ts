/**
 * Appliance model numbers and part numbers as shoppers type them (issue 25, the parts finder): from a rating plate
 * or an old box, with or without spaces, dashes, dots or slashes, in any case — "SMS 46GI01E", "sms46gi01e" and
 * "SMS-46.GI01E" are one model. Pure: the import, the search index and the API all compare normalized forms.
 */

/** The comparable form: Unicode-compatibility folded, upper case, without spaces, dashes, dots, slashes or underscores. */
export function normalizeNumber(raw: string): string {
  return raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-._/]+/g, '');
}

/** A typed fragment matches a number when its normalized form occurs in it (at least 3 characters, else nothing). */
export function numberMatches(fragment: string, normalized: string): boolean {
  const f = normalizeNumber(fragment);
  return f.length >= 3 && normalized.includes(f);
}

/** How well a fragment matches: a whole number first, then one it begins, then one it occurs in; 0 for none. */
export function numberMatchRank(fragment: string, normalized: string): 0 | 1 | 2 | 3 {
  return normalizedMatchRank(normalizeNumber(fragment), normalized);
}

/** numberMatchRank for a fragment already normalized: the model search ranks one fragment against every number. */
export function normalizedMatchRank(f: string, normalized: string): 0 | 1 | 2 | 3 {
  if (f.length < 3) return 0;
  if (normalized === f) return 3;
  if (normalized.startsWith(f)) return 2;
  return normalized.includes(f) ? 1 : 0;
}
