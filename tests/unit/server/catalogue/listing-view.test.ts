import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY, parseListingQuery } from '#lib/catalogue/listing-query.ts';
import type { ListingItem } from '#lib/catalogue/listing-filter.ts';
import type { Category } from '#server/catalogue/category-repository.ts';
import { buildListingSource } from '#server/catalogue/listing-source.ts';
import { listingView } from '#server/catalogue/listing-view.ts';

const cat = (id: number, slug: string, parent: Category | null): Category => {
  const c: Category = {
    id,
    name: slug.toUpperCase(),
    slug,
    parent_id: parent?.id ?? null,
    show_in_menu: true,
    show_in_main_menu: !parent,
    hierarchy: [],
    path: [...(parent?.path ?? []), slug],
    thumb: null,
    children: [],
    uri: '',
  };
  c.uri = `/kategori/${c.path.join('/')}`;
  parent?.children.push(c);
  return c;
};
const root = cat(1, 'vitvaror', null);
const disk = cat(2, 'disk', root);
const kyl = cat(3, 'kyl', root);
const brands = [
  { id: 1, slug: 'bosch', name: 'Bosch', logo_url: null },
  { id: 2, slug: 'aeg', name: 'AEG', logo_url: null },
];
const items = Array.from({ length: 7 }, (_, i) => {
  const item: ListingItem = {
    id: i + 1,
    nameRank: i,
    stockRank: 0,
    brand: i % 2 ? 'aeg' : 'bosch',
    availability: 'in-stock',
    price: 100 + i,
    vat: 25,
    categoryIds: [i < 4 ? disk.id : kyl.id],
  };
  return { item, brandId: i % 2 ? 2 : 1, tagIds: [] };
});
const source = buildListingSource('sv', [root, disk, kyl], brands, [], items);
const label = (a: string) => `L:${a}`;

describe('listingView', () => {
  it('pages a category with its descendants and builds the page URLs (page 1 unfiltered is the static URL)', () => {
    const v = listingView(source, { kind: 'category', category: root }, EMPTY_QUERY, 2, label, 3);
    expect(v).toMatchObject({ total: 7, pages: 3, page: 2, from: 4, to: 6, ids: [4, 5, 6], refined: false });
    expect(v.firstPath).toBe('/kategori/vitvaror');
    expect(v.href(1)).toBe('/kategori/vitvaror');
    expect(v.href(3)).toBe('/kategori/vitvaror/sida/3');
    expect(v.formAction).toBe('/kategori/vitvaror/sida/1');
    expect(v.partialHref(1)).toBe('/kategori/vitvaror/sida/1?partial=1');
  });

  it('keeps filters in every URL, labels and counts the facets, and drops filters that do not apply', () => {
    const q = parseListingQuery(new URLSearchParams('brand=aeg&brand=nobody&sub=kyl&sub=nowhere&sort=name'));
    const v = listingView(source, { kind: 'category', category: root }, q, 1, label, 3);
    expect(v.query.brands).toEqual(['aeg']);
    expect(v.query.subs).toEqual(['kyl']);
    expect(v.ids).toEqual([6]);
    expect(v.href(1)).toBe('/kategori/vitvaror/sida/1?brand=aeg&sub=kyl&sort=name');
    expect(v.partialHref(2)).toBe('/kategori/vitvaror/sida/2?brand=aeg&sub=kyl&sort=name&partial=1');
    expect(v.facets.brands).toEqual([
      { value: 'aeg', label: 'AEG', count: 1, checked: true },
      { value: 'bosch', label: 'Bosch', count: 2, checked: false },
    ]);
    expect(v.facets.subs).toEqual([
      { value: 'disk', label: 'DISK', count: 2, checked: false },
      { value: 'kyl', label: 'KYL', count: 1, checked: true },
    ]);
    expect(v.facets.stock).toEqual([{ value: 'in-stock', label: 'L:in-stock', count: 1, checked: false }]);
  });

  it('a brand listing has no brand facet and ignores a brand filter', () => {
    const v = listingView(source, { kind: 'brand', id: 1, slug: 'bosch' }, parseListingQuery(new URLSearchParams('brand=aeg')), 1, label);
    expect(v.facets.brands).toEqual([]);
    expect(v.refined).toBe(false);
    expect(v.ids).toEqual([1, 3, 5, 7]);
    expect(v.href(1)).toBe('/varumarke/bosch');
  });
});
