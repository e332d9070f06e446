/** URL slugs from names in any of the five languages (å→a, ø→o, æ→ae, ß→ss …). */
const SPECIAL: Record<string, string> = { æ: 'ae', ø: 'o', å: 'a', ä: 'a', ö: 'o', ü: 'u', ß: 'ss', œ: 'oe' };

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[æøåäöüßœ]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
