import { describe, expect, it } from 'vitest';
import { matchPublicPath, pathFor } from '#lib/routing/routes.ts';

describe('listing page routes', () => {
  it('a category path followed by the page segment is that category’s page N', () => {
    const m = matchPublicPath('sv', '/kategori/vitvaror/diskmaskin/sida/3');
    expect(m).toMatchObject({ name: 'product-category-all-page', params: { all: 'vitvaror/diskmaskin', page: '3' }, mode: 'server' });
    expect(m?.internalPath).toBe('/sv/category-page/3/vitvaror/diskmaskin');
    expect(matchPublicPath('nl', '/categorie/keuken/pagina/2')?.params).toEqual({ all: 'keuken', page: '2' });
  });

  it('without a category before it, or without a number after it, the segment is a category slug', () => {
    expect(matchPublicPath('sv', '/kategori/sida/2')).toMatchObject({ name: 'product-category-all', params: { all: 'sida/2' } });
    expect(matchPublicPath('sv', '/kategori/vitvaror/sida')).toMatchObject({
      name: 'product-category-all',
      params: { all: 'vitvaror/sida' },
    });
    expect(matchPublicPath('sv', '/kategori/vitvaror')?.name).toBe('product-category-all');
  });

  it('brand and tag pages take the locale’s page word; another locale’s word is not a page', () => {
    expect(matchPublicPath('da', '/maerke/bosch/side/2')).toMatchObject({ name: 'brand-slug-page', params: { slug: 'bosch', page: '2' } });
    expect(matchPublicPath('fi', '/produkt-tagg/eko/sivu/4')).toMatchObject({
      name: 'product-tag-slug-page',
      params: { slug: 'eko', page: '4' },
    });
    expect(matchPublicPath('sv', '/varumarke/bosch/side/2')?.name).toBe('content');
    expect(pathFor('product-category-all-page', 'fi', { all: 'a/b', page: '7' })).toBe('/kategoria/a/b/sivu/7');
  });
});
