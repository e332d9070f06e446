/**
 * The search relevance set (search-relevance-cases.json) turned into queries and relevant products for a
 * given catalogue, and the scores: recall@10 and reciprocal rank (docs/product/search.md#relevance).
 * Used by the API suite (on the test catalogue) and bench/search-relevance.mjs (on any catalogue).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import cases from './search-relevance-cases.json' with { type: 'json' };

export interface CatalogueProduct {
  sku: string;
  name: string;
  brand: string | null;
  /** Its OEM numbers, cross-references and replaced old numbers (the part-number cases; partNumberFacts). */
  numbers?: { kind: string; number: string }[];
  /** The sku of the part sold now when this product is replaced (end of the chain). */
  current?: string;
}

/**
 * Part-number queries (docs/product/parts-finder.md#part-numbers), each from the first product by SKU that has one:
 * $oem, $cross, $replaces (its numbers), $oemSpaced (the OEM number with spaces every three characters), $oldSku
 * and $oldOem (the sku and OEM number of a replaced product). Relevant: the part sold now (the chain's end).
 */
const NUMBER_QUERIES = ['$oem', '$cross', '$replaces', '$oemSpaced', '$oldSku', '$oldOem'] as const;
type NumberQuery = (typeof NUMBER_QUERIES)[number];
const isNumberQuery = (q: string): q is NumberQuery => (NUMBER_QUERIES as readonly string[]).includes(q);

function resolveNumberCase(c: RelevanceCase & { query: NumberQuery }, sorted: readonly CatalogueProduct[]): ResolvedCase | null {
  const kind = c.query === '$cross' ? 'cross' : c.query === '$replaces' ? 'replaces' : 'oem';
  const old = c.query === '$oldSku' || c.query === '$oldOem';
  const picked = sorted.find((p) => (old ? p.current !== undefined : p.current === undefined) && p.numbers?.some((n) => n.kind === kind));
  if (!picked) return null;
  const number = picked.numbers!.find((n) => n.kind === kind)!.number;
  const text =
    c.query === '$oldSku'
      ? picked.sku
      : c.query === '$oemSpaced'
        ? number.replace(/[\s\-._/]/g, '').replace(/(.{3})(?=.)/g, '$1 ')
        : number;
  return { ...c, text, relevant_skus: new Set([picked.current ?? picked.sku]) };
}
export interface RelevanceCase {
  locale: LocaleCode;
  kind: string;
  query: string;
  pick?: string[];
  relevant?: { name: string[] };
}
export interface ResolvedCase extends RelevanceCase {
  text: string;
  relevant_skus: Set<string>;
}

export const RELEVANCE_CASES = cases.cases as RelevanceCase[];
export const TOP = 10;

const holdsAll = (name: string, words: readonly string[]) => words.every((w) => name.toLowerCase().includes(w.toLowerCase()));
/** The model number at the end of a demo name ("… ST796X"): letters and at least three digits. */
const modelOf = (name: string) => /\b[A-ZÅÄÖÆØ]{2}\d{3,}[A-Z]?\b/u.exec(name)?.[0] ?? null;

/** The case on this catalogue (products sorted by SKU), or null when the catalogue holds nothing to pick. */
export function resolveCase(c: RelevanceCase, products: readonly CatalogueProduct[]): ResolvedCase | null {
  const sorted = [...products].sort((a, b) => a.sku.localeCompare(b.sku));
  if (isNumberQuery(c.query)) return resolveNumberCase({ ...c, query: c.query }, sorted);
  const picked = c.pick ? sorted.find((p) => holdsAll(p.name, c.pick!) && (!c.query.includes('$model') || modelOf(p.name))) : undefined;
  if (c.pick && !picked) return null;
  let text = c.query;
  let relevant = (p: CatalogueProduct) => (c.relevant ? holdsAll(p.name, c.relevant.name) : false);
  if (picked) {
    const model = modelOf(picked.name);
    const fragment = model?.match(/\d{3}/)?.[0] ?? '';
    text = text
      .replace('$skuBare', picked.sku.replace(/[^\p{L}\p{N}]/gu, ''))
      .replace('$sku', picked.sku)
      .replace('$model3', fragment)
      .replace('$model', model ?? '')
      .replace('$brand', picked.brand ?? '');
    if (c.query === '$sku' || c.query === '$skuBare') relevant = (p) => p.sku === picked.sku;
    else if (c.query === '$model') relevant = (p) => modelOf(p.name) === model;
    else if (c.query === '$model3') relevant = (p) => (modelOf(p.name) ?? '').includes(fragment) || p.sku.includes(fragment);
    else if (c.query.includes('$brand')) {
      const words = c.relevant?.name ?? [];
      relevant = (p) => p.brand === picked.brand && holdsAll(p.name, words);
    }
  }
  return { ...c, text, relevant_skus: new Set(products.filter(relevant).map((p) => p.sku)) };
}

/** recall@10: the share of the top 10 that could be relevant and is; rr: 1 / rank of the first relevant (0 if none). */
export function scoreCase(resultSkus: readonly string[], relevant: ReadonlySet<string>): { recall: number; rr: number } {
  const top = resultSkus.slice(0, TOP);
  const hits = top.filter((s) => relevant.has(s)).length;
  const possible = Math.min(TOP, relevant.size);
  const first = top.findIndex((s) => relevant.has(s));
  return { recall: possible === 0 ? 0 : hits / possible, rr: first < 0 ? 0 : 1 / (first + 1) };
}
