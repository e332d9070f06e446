/**
 * Quick order (docs/product/quick-order.md): each line's number resolved to the part sold now in this storefront —
 * its sku, else an OEM number, cross-reference or old number (the search's part-number lookup, following
 * supersessions) — in a few queries for all lines together; a number naming no part, or several, comes back with
 * suggestions from the search. The found lines are priced by the cart service as the cart will price them (the
 * customer's own discounts, quantity tiers, campaigns); the cart prices again when they are added.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { normalizeNumber } from '#lib/catalogue/model-number.ts';
import { numberHits, type NumberKind } from '#lib/catalogue/part-number-lookup.ts';
import type { OrderLine } from '#lib/quick-order/order-lines.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { syncCartService, type CartContext } from '#server/cart/cart-service.ts';
import { getSearchIndex } from '#server/search/search-index.ts';
import { numberLookupFor } from '#server/search/part-number-index.ts';
import { searchProducts } from '#server/search/search-products.ts';

export interface QuickOrderProduct {
  sku: string;
  name: string;
  slug: string;
  stock_status: string;
  orderable: boolean;
  /** Unit price for this quantity as the cart prices it for this visitor, VAT included, in minor units. */
  unit_price_minor: number;
  vat: number;
}

export interface ResolvedLine {
  row: number;
  number: string;
  quantity: number;
  /** How the number named the part: its sku, or a number kind ('replaces': an old number of the part sold now). */
  via: 'sku' | NumberKind;
  product: QuickOrderProduct;
}

export interface UnresolvedLine {
  row: number;
  /** The row as the buyer wrote it (number, or number and quantity). */
  text: string;
  number: string;
  quantity: number;
  /** 'unknown': no part has this number; 'ambiguous': several parts do (the suggestions are those). */
  reason: 'unknown' | 'ambiguous';
  suggestions: { sku: string; name: string }[];
}

export interface ResolvedOrder {
  resolved: ResolvedLine[];
  unresolved: UnresolvedLine[];
}

const SUGGESTIONS = 3;

interface Candidate {
  number: string;
  quantity: number;
}

/** A line's readings: the whole row as one number (one piece) first, when the parser guessed a quantity. */
const readings = (line: OrderLine): Candidate[] => [
  ...(line.whole ? [{ number: line.whole, quantity: 1 }] : []),
  { number: line.number, quantity: line.quantity },
];

export async function resolveOrderLines(
  db: Db,
  locale: LocaleCode,
  lines: readonly OrderLine[],
  ctx: CartContext = {},
): Promise<ResolvedOrder> {
  // per line, its readings (the order of `lines`)
  const perLine = lines.map(readings);
  const index = await getSearchIndex(db, locale);
  const lookup = await numberLookupFor(db, index.version);

  // 1. skus, all at once (case and separators as the buyer wrote them may differ: compared in normal form)
  const wanted = [...new Set(perLine.flat().map((c) => c.number.trim().toUpperCase()))];
  const bySku = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where((eb) => eb(eb.fn('upper', ['sku']), 'in', wanted.slice(i, i + 500)))
      .execute();
    for (const r of rows) bySku.set(normalizeNumber(r.sku), r.id);
  }

  // 2. part numbers: exact only, following supersessions; every product named, to tell one from several
  const nameOf = (c: Candidate) => {
    const sku = bySku.get(normalizeNumber(c.number));
    if (sku !== undefined) return { c, ids: [sku], via: 'sku' as const };
    const hits = numberHits(
      lookup,
      c.number,
      () => true,
      () => true,
    ).filter((h) => h.exact);
    // an old number names its successor and the old part (when still sold): the part sold now wins
    const replaced = new Set(hits.map((h) => h.replacesProduct));
    const ids = hits.map((h) => h.productId).filter((id) => !replaced.has(id));
    return { c, ids, via: hits[0]?.matched.kind ?? ('oem' as NumberKind) };
  };
  const named = perLine.map((candidates) => candidates.map(nameOf));

  // 3. the named products as this storefront sells them
  const allIds = [...new Set(named.flat().flatMap((n) => n.ids))];
  const products = new Map<number, QuickOrderProduct>();
  for (let i = 0; i < allIds.length; i += 500) {
    const rows = await localizedProducts(db, locale)
      .select(['p.id', 'p.sku', 't.name', 't.slug', 'p.stock_status', 'p.orderable', 'pr.vat'])
      .where('p.id', 'in', allIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      products.set(r.id, {
        sku: r.sku,
        name: r.name,
        slug: r.slug,
        stock_status: r.stock_status,
        orderable: !!r.orderable,
        unit_price_minor: 0,
        vat: r.vat,
      });
    }
  }

  const resolved: ResolvedLine[] = [];
  const unresolved: UnresolvedLine[] = [];
  for (const [k, line] of lines.entries()) {
    const mine = named[k]!.map((n) => ({ ...n, sold: n.ids.filter((id) => products.has(id)) }));
    const one = mine.find((n) => n.sold.length === 1);
    if (one) {
      resolved.push({
        row: line.row,
        number: one.c.number,
        quantity: one.c.quantity,
        via: one.via,
        product: { ...products.get(one.sold[0]!)! },
      });
      continue;
    }
    const several = mine.find((n) => n.sold.length > 1);
    const suggestions = several
      ? several.sold.slice(0, SUGGESTIONS).map((id) => ({ sku: products.get(id)!.sku, name: products.get(id)!.name }))
      : (await searchProducts(db, { locale, query: line.whole ?? line.number, limit: SUGGESTIONS })).products.map((p) => ({
          sku: p.sku,
          name: p.name,
        }));
    unresolved.push({
      row: line.row,
      text: line.whole ?? line.number,
      number: line.number,
      quantity: line.quantity,
      reason: several ? 'ambiguous' : 'unknown',
      suggestions,
    });
  }
  // priced as the cart will price them, all lines in one call
  const priced = await syncCartService(
    db,
    locale,
    resolved.map((l, i) => ({ uuid: String(i), sku: l.product.sku, quantity: l.quantity })),
    [],
    ctx,
  );
  const price = new Map(priced.items.map((item) => [item.uuid, item.price]));
  resolved.forEach((l, i) => (l.product.unit_price_minor = Math.round((price.get(String(i)) ?? 0) * 100)));
  return { resolved, unresolved };
}
