/**
 * A model page's parts list (docs/product/parts-finder.md#model-pages): the compatible parts grouped by part type
 * (the part's main category), filtered with the listings' own filter (listing-filter.ts: the part type rides on its
 * `sub` parameter), and the position attribute the exploded view pairs rows with. Pure.
 */
import { refineListing, type ListingItem } from './listing-filter.ts';
import type { ListingQuery } from './listing-query.ts';
import type { Locale } from '#lib/market/locales.ts';

export interface PartPlace {
  diagram: number;
  position: string;
}

/** `data-part-position` of a row: "1:7 2:3" (the contract with the exploded view); '' when it has no place. */
export const partPositionAttr = (positions: readonly PartPlace[]): string => positions.map((p) => `${p.diagram}:${p.position}`).join(' ');

/** The positions as shown in a row ("7, 2:3" — the diagram named only when the model has several). */
export function partPositionLabel(positions: readonly PartPlace[], diagramCount: number): string {
  return positions.map((p) => (diagramCount > 1 ? `${p.diagram}:${p.position}` : p.position)).join(', ');
}

export interface PartType {
  id: number;
  name: string;
  slug: string;
}

export interface PartGroup<P> {
  /** null: parts without a main category (shown last). */
  type: PartType | null;
  parts: { product: P; positions: PartPlace[] }[];
}

/**
 * The model's parts (in the model's position order) grouped by part type, groups by name in the storefront's
 * collation; parts not sold in the storefront (no product) and parts the filter left out (`keep`) are dropped.
 */
export function groupModelParts<P>(
  parts: readonly { productId: number; positions: PartPlace[] }[],
  productById: ReadonlyMap<number, P>,
  typeOf: (product: P) => PartType | null,
  locale: string,
  keep: (productId: number) => boolean = () => true,
): PartGroup<P>[] {
  const groups = new Map<number, PartGroup<P>>();
  for (const part of parts) {
    const product = productById.get(part.productId);
    if (product === undefined || !keep(part.productId)) continue;
    const type = typeOf(product);
    const key = type?.id ?? -1;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { type, parts: [] }));
    g.parts.push({ product, positions: part.positions });
  }
  const collator = new Intl.Collator(locale);
  return [...groups.values()].sort((a, b) => {
    if (!a.type || !b.type) return a.type ? -1 : b.type ? 1 : 0;
    return collator.compare(a.type.name, b.type.name) || a.type.id - b.type.id;
  });
}

/** Part types as the listing filter's subcategories: slug → the main category ids carrying it. */
export function partTypeScope(types: Iterable<PartType>): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const t of types) out.set(t.slug, (out.get(t.slug) ?? new Set()).add(t.id));
  return out;
}

/**
 * The listing filter on a model's parts. `items` carry the part's main category as their only category (so the part
 * type filter matches the group a part is shown in), in the listings' default order.
 */
export function refineModelParts(items: readonly ListingItem[], q: ListingQuery, currency: Locale['currency'], types: Iterable<PartType>) {
  return refineListing(items, q, { currency, subcategories: partTypeScope(types) });
}
