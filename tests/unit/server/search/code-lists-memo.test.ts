/**
 * The code lists of the storefront built before (CodeListsMemo in index-builder.ts): taken when a storefront's code
 * occurrences are the same, built anew when any differs; either way the stored bytes are those of an index built
 * without a memo. And the index step's runs of neighbouring storefronts per thread (store-search-indexes.ts).
 */
import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { indexBuilder, type CodeListsMemo, type IndexProduct, type IndexProductCategory } from '#server/search/index-builder.ts';
import { encodeIndex } from '#server/search/index-codec.ts';
import { storefrontRuns } from '#server/search/store-search-indexes.ts';

const rows = (names: string[]): IndexProduct[] =>
  names.map((name, i) => ({ id: i + 1, sku: `STI-00017${i}`, name, brand: 'Stiga', brand_id: 4, stock_status: 'in-stock', price: 10 + i }));
const links: IndexProductCategory[] = [{ product_id: 2, category_id: 7, main: 1, name: 'Dammsugarfilter 2-pack' }];

function build(locale: LocaleCode, names: string[], memo?: CodeListsMemo) {
  const b = indexBuilder(locale, memo);
  b.addProducts(rows(names));
  b.addCategories(links);
  return b.finish('v1', []);
}

describe('code lists memo', () => {
  const sv = ['Filter till Stiga dammsugare ST796X', 'Dammsugarpåse EL796S', 'Slang'];
  const no = ['Filter til Stiga støvsuger ST796X', 'Støvsugerpose EL796S', 'Slange'];

  it('takes the code lists of the storefront before when its codes are the same, with the same bytes', () => {
    const memo: CodeListsMemo = {};
    const first = build('sv', sv, memo);
    const second = build('no', no, memo);
    expect(second.codes).toBe(first.codes);
    expect(second.codeWords).toBe(first.codeWords);
    expect(Buffer.compare(encodeIndex(second), encodeIndex(build('no', no)))).toBe(0);
  });

  it('builds them anew when a code, a document or a weight differs', () => {
    for (const other of [
      ['Filter til Stiga støvsuger ST797X', 'Støvsugerpose EL796S', 'Slange'],
      ['Filter til Stiga støvsuger', 'Støvsugerpose EL796S ST796X', 'Slange'],
      ['Filter til Stiga støvsuger ST796X', 'Støvsugerpose EL796S'],
    ]) {
      const memo: CodeListsMemo = {};
      const first = build('sv', sv, memo);
      const second = build('no', other, memo);
      expect(second.codes).not.toBe(first.codes);
      expect(Buffer.compare(encodeIndex(second), encodeIndex(build('no', other)))).toBe(0);
      expect(memo.codes).toBe(second.codes);
    }
  });
});

describe('storefrontRuns', () => {
  it('cuts the storefronts into runs of neighbours, one per thread, the longer first', () => {
    expect(storefrontRuns(['sv', 'no', 'da', 'fi', 'nl'], 2)).toEqual([
      ['sv', 'no', 'da'],
      ['fi', 'nl'],
    ]);
    expect(storefrontRuns(['sv', 'no', 'da', 'fi', 'nl'], 8)).toEqual([['sv'], ['no'], ['da'], ['fi'], ['nl']]);
    expect(storefrontRuns(['sv', 'no', 'da'], 1)).toEqual([['sv', 'no', 'da']]);
  });
});
