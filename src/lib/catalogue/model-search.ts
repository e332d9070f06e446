/**
 * Ranking appliance models for a typed query (docs/product/parts-finder.md#model-search). Pure: the server's
 * per-storefront model index holds the entries; this file decides which match and in what order.
 * A query is a number fragment, optionally with words naming the brand or the appliance type that narrow the
 * hits ("bosch sms46", "sms46 diskmaskin"). The number may be typed with spaces ("SMS 46GI01E").
 */
import { normalizedMatchRank, normalizeNumber } from './model-number.ts';

/** One model as the search sees it: its comparable numbers precomputed once per index build. */
export interface ModelSearchEntry {
  /** The model's normalized number first, then its aliases' normalized forms. */
  numbers: readonly string[];
  /** The brand as shown ("Bosch"): the second tie-breaker. */
  brand: string;
  /** Lower-cased brand and appliance type words: what narrowing words are compared with. */
  brandKey: string;
  typeKey: string;
}

/** The brands and appliance types of a storefront's models, lower-cased: the words that narrow a query. */
export interface ModelVocabulary {
  brands: readonly string[];
  types: readonly string[];
}

export interface ModelQuery {
  /** The whole query as a number ("bosch sms46" → "BOSCHSMS46"): a number may contain a brand-like word. */
  whole: string;
  /** The query without its narrowing words, as a number; equal to `whole` when there are none. */
  rest: string;
  brands: string[];
  types: string[];
}

const words = (text: string, locale: string) =>
  text
    .toLocaleLowerCase(locale)
    .split(/\s+/)
    .filter((w) => w.length > 0);

/** Finds `phrase` (its words in a row) among the unused query words; marks them used. */
function take(queryWords: string[], used: boolean[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= queryWords.length; i++) {
    if (phrase.every((w, k) => !used[i + k] && queryWords[i + k] === w)) {
      for (let k = 0; k < phrase.length; k++) used[i + k] = true;
      return true;
    }
  }
  return false;
}

/** Splits a query into its number fragment and the brand and type words among it (whole words, any case). */
export function parseModelQuery(query: string, vocabulary: ModelVocabulary, locale: string): ModelQuery {
  const queryWords = words(query, locale);
  const used = queryWords.map(() => false);
  const found = (names: readonly string[]) =>
    // longest names first, so "fisher paykel" is taken before a brand named "fisher"
    [...names]
      .map((n) => ({ n, phrase: words(n, locale) }))
      .sort((a, b) => b.phrase.length - a.phrase.length)
      .filter(({ phrase }) => phrase.length > 0 && take(queryWords, used, phrase))
      .map(({ n }) => n);
  const brands = found(vocabulary.brands);
  const types = found(vocabulary.types);
  const whole = normalizeNumber(query);
  const rest = normalizeNumber(queryWords.filter((_, i) => !used[i]).join(''));
  return { whole, rest, brands, types };
}

/** 3 whole number, 2 a number it begins, 1 one it occurs in, 0 none: the best over the model's number and aliases. */
export function modelMatchRank(entry: ModelSearchEntry, q: ModelQuery): 0 | 1 | 2 | 3 {
  let best: 0 | 1 | 2 | 3 = 0;
  for (const n of entry.numbers) {
    const r = normalizedMatchRank(q.whole, n);
    if (r > best) best = r;
  }
  const narrowed = q.brands.length > 0 || q.types.length > 0;
  if (
    narrowed &&
    best < 3 &&
    (q.brands.length === 0 || q.brands.includes(entry.brandKey)) &&
    (q.types.length === 0 || q.types.includes(entry.typeKey))
  ) {
    for (const n of entry.numbers) {
      const r = normalizedMatchRank(q.rest, n);
      if (r > best) best = r;
    }
  }
  return best;
}

/** Every 3-character piece of a normalized number: a fragment of 3 or more occurs only in numbers holding all of its pieces. */
function trigrams(normalized: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= normalized.length; i++) out.push(normalized.slice(i, i + 3));
  return out;
}

/** Trigram → the entries (indexes, ascending) whose number or an alias holds it: built once per index. */
export type ModelTrigrams = Map<string, Int32Array>;

export function buildModelTrigrams(entries: readonly ModelSearchEntry[]): ModelTrigrams {
  const lists = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const n of e.numbers)
      for (const t of trigrams(n)) {
        const list = lists.get(t);
        if (!list) lists.set(t, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
  });
  return new Map([...lists].map(([t, list]) => [t, Int32Array.from(list)]));
}

/** The entries that may hold a fragment: those of its rarest trigram (none when a trigram occurs nowhere). */
function candidates(map: ModelTrigrams, fragment: string): Int32Array | null {
  if (fragment.length < 3) return null;
  let best: Int32Array | undefined;
  for (const t of trigrams(fragment)) {
    const list = map.get(t);
    if (!list) return new Int32Array(0);
    if (!best || list.length < best.length) best = list;
  }
  return best ?? null;
}

/**
 * The best `limit` entries for a query, by rank (whole > prefix > infix), then the shorter number, then the
 * brand, then the number; indexes into `entries`. With `map` (buildModelTrigrams) only the entries sharing the
 * fragment's rarest trigram are compared instead of every entry.
 */
export function rankModels(entries: readonly ModelSearchEntry[], q: ModelQuery, limit: number, map?: ModelTrigrams): number[] {
  if (q.whole.length < 3 && q.rest.length < 3) return [];
  const hits: { i: number; rank: number }[] = [];
  const consider = (i: number) => {
    const rank = modelMatchRank(entries[i], q);
    if (rank > 0) hits.push({ i, rank });
  };
  if (map) {
    const seen = new Set<number>();
    const narrowed = q.brands.length > 0 || q.types.length > 0;
    for (const list of [candidates(map, q.whole), narrowed && q.rest !== q.whole ? candidates(map, q.rest) : null])
      if (list)
        for (const i of list)
          if (!seen.has(i)) {
            seen.add(i);
            consider(i);
          }
  } else for (let i = 0; i < entries.length; i++) consider(i);
  const number = (i: number) => entries[i].numbers[0] ?? '';
  hits.sort(
    (a, b) =>
      b.rank - a.rank ||
      number(a.i).length - number(b.i).length ||
      (entries[a.i].brand < entries[b.i].brand ? -1 : entries[a.i].brand > entries[b.i].brand ? 1 : 0) ||
      (number(a.i) < number(b.i) ? -1 : number(a.i) > number(b.i) ? 1 : 0) ||
      a.i - b.i,
  );
  return hits.slice(0, limit).map((h) => h.i);
}

/**
 * A model's display name in a storefront's words, from its template (src/locales/*.json `model_search.name`,
 * "Reservdelar till {{brand}} {{number}} {{type}}"): the appliance type lower-cased as the product names have it.
 */
export function modelName(template: string, model: { brand: string; number: string; type: string }, locale: string): string {
  const values: Record<string, string> = { brand: model.brand, number: model.number, type: model.type.toLocaleLowerCase(locale) };
  return template.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);
}
