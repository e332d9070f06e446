/**
 * Compound words (docs/product/search.md#compounds): Swedish, Norwegian, Danish, Dutch and Finnish write
 * `dammsugarfilter` where the catalogue says "filter till dammsugare". A folded word is split into parts the
 * catalogue knows, allowing the language's linking elements between them (arbet-s-bänk, pölyn-imuri).
 * Which parts are known is the caller's vocabulary: this module only proposes the cuts.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

/** Linking elements between a modifier and what follows, longest first ('' = none). */
const LINKS: Record<LocaleCode, readonly string[]> = {
  sv: ['s', ''],
  no: ['s', 'e', ''],
  da: ['s', 'e', ''],
  nl: ['en', 's', 'e', ''],
  fi: ['n', ''],
};
export const MIN_PART = 3;
/** Shorter words are never split: too few letters to hold two words. */
export const MIN_COMPOUND = 2 * MIN_PART;

/**
 * The parts of a compound, modifiers first and the head last, or null when it does not split into known
 * parts. The longest known head wins (the head carries the meaning: a dammsugarfilter is a filter); the
 * modifier may itself be a compound, up to maxParts parts in all.
 */
export function splitCompound(word: string, locale: LocaleCode, known: (part: string) => boolean, maxParts = 3): string[] | null {
  if (maxParts < 2 || word.length < MIN_COMPOUND) return null;
  for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
    const head = word.slice(cut);
    if (!known(head)) continue;
    const left = word.slice(0, cut);
    for (const link of LINKS[locale]) {
      if (!left.endsWith(link)) continue;
      const modifier = left.slice(0, left.length - link.length);
      if (modifier.length < MIN_PART) continue;
      if (known(modifier)) return [modifier, head];
      const inner = splitCompound(modifier, locale, known, maxParts - 1);
      if (inner) return [...inner, head];
    }
  }
  return null;
}

/** A part the catalogue does not know on its own is taken only when it is at least this long. */
export const MIN_FREE_PART = 4;

/**
 * For the catalogue side only: a compound of which one part is known (`kolfilter`: filter; `dammsugarpåse`:
 * dammsugar), cut there, so the product is found by either part. The longest known head wins, then the
 * longest known modifier; the other part must have MIN_FREE_PART letters. Null when neither part is known.
 */
export function splitAtKnownPart(word: string, locale: LocaleCode, known: (part: string) => boolean): [string, string] | null {
  if (word.length < MIN_PART + MIN_FREE_PART) return null;
  for (let cut = MIN_PART; cut <= word.length - MIN_FREE_PART; cut++) {
    if (known(word.slice(cut))) return [stripLink(word.slice(0, cut), locale), word.slice(cut)];
  }
  for (let cut = word.length - MIN_FREE_PART; cut >= MIN_FREE_PART + 1; cut--) {
    const modifier = stripLink(word.slice(0, cut), locale);
    if (modifier.length >= MIN_PART && known(modifier)) return [modifier, word.slice(cut)];
  }
  return null;
}

/** A modifier without its linking element, when what is left is still a part. */
function stripLink(modifier: string, locale: LocaleCode): string {
  for (const link of LINKS[locale]) {
    if (link && modifier.endsWith(link) && modifier.length - link.length >= MIN_PART) return modifier.slice(0, -link.length);
  }
  return modifier;
}
