import { describe, expect, it } from 'vitest';
import {
  groupModelParts,
  partPositionAttr,
  partPositionLabel,
  partTypeScope,
  refineModelParts,
  type PartType,
} from '#lib/catalogue/model-page.ts';
import { EMPTY_QUERY } from '#lib/catalogue/listing-query.ts';
import type { ListingItem } from '#lib/catalogue/listing-filter.ts';

const filter: PartType = { id: 10, name: 'Filter', slug: 'filter' };
const belt: PartType = { id: 11, name: 'Drivremmar', slug: 'drivremmar' };
const pump: PartType = { id: 12, name: 'Pumpar', slug: 'pumpar' };
const products = new Map([
  [1, { id: 1, type: pump }],
  [2, { id: 2, type: filter }],
  [3, { id: 3, type: belt }],
  [4, { id: 4, type: filter }],
  [5, { id: 5, type: null }],
]);
const parts = [
  { productId: 4, positions: [{ diagram: 1, position: '3' }] },
  {
    productId: 1,
    positions: [
      { diagram: 1, position: '7' },
      { diagram: 2, position: '1' },
    ],
  },
  { productId: 5, positions: [] },
  { productId: 2, positions: [] },
  { productId: 3, positions: [{ diagram: 2, position: '4' }] },
  { productId: 99, positions: [] }, // not sold in this storefront
];

describe('model page parts', () => {
  it('writes the exploded view contract attribute and the visible label', () => {
    expect(partPositionAttr(parts[1]!.positions)).toBe('1:7 2:1');
    expect(partPositionAttr([])).toBe('');
    expect(partPositionLabel(parts[1]!.positions, 2)).toBe('1:7, 2:1');
    expect(partPositionLabel([{ diagram: 1, position: '3' }], 1)).toBe('3');
  });

  it('groups by part type in collation order, keeps the model order inside a group, drops unsold parts, puts typeless last', () => {
    const groups = groupModelParts(parts, products, (p) => p.type, 'sv');
    expect(groups.map((g) => g.type?.slug ?? null)).toEqual(['drivremmar', 'filter', 'pumpar', null]);
    expect(groups[1]!.parts.map((x) => x.product.id)).toEqual([4, 2]);
    expect(groups.flatMap((g) => g.parts).length).toBe(5);
  });

  it('leaves out what the filter drops, and groups left empty', () => {
    const groups = groupModelParts(
      parts,
      products,
      (p) => p.type,
      'sv',
      (id) => id === 2 || id === 3,
    );
    expect(groups.map((g) => g.type?.slug)).toEqual(['drivremmar', 'filter']);
  });

  it('filters by part type through the listing filter', () => {
    const item = (id: number, type: PartType | null, availability: ListingItem['availability'] = 'in-stock'): ListingItem => ({
      id,
      nameRank: id,
      stockRank: 0,
      brand: 'bosch',
      availability,
      price: 100 * id,
      vat: 25,
      categoryIds: type ? [type.id] : [],
    });
    const items = [item(1, pump), item(2, filter, 'out-of-stock'), item(3, belt), item(4, filter)];
    const types = [filter, belt, pump];
    const byType = refineModelParts(items, { ...EMPTY_QUERY, subs: ['filter'] }, 'SEK', types);
    expect(byType.matched.map((x) => x.id)).toEqual([2, 4]);
    expect(byType.facets.subs.get('pumpar')).toBe(1);
    const inStock = refineModelParts(items, { ...EMPTY_QUERY, subs: ['filter'], stock: ['in-stock'] }, 'SEK', types);
    expect(inStock.matched.map((x) => x.id)).toEqual([4]);
    expect(partTypeScope([filter, { ...filter, id: 20 }]).get('filter')).toEqual(new Set([10, 20]));
  });
});
