/** The checked-in relevance set (tests/support/search-relevance-cases.json) against the real server: recall@10 ≥ 0.95. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { api, openTestDb } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { withPartNumbers } from '#tests/support/search-relevance-numbers.ts';
import { RELEVANCE_CASES, resolveCase, scoreCase, TOP, type CatalogueProduct } from '#tests/support/search-relevance.ts';

let h: DbHandle;
const catalogue = new Map<LocaleCode, CatalogueProduct[]>();
beforeAll(async () => {
  h = openTestDb();
  for (const code of Object.keys(LOCALES) as LocaleCode[]) {
    const rows = await localizedProducts(h.db, code)
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.sku', 't.name', 'b.name as brand'])
      .execute();
    catalogue.set(code, await withPartNumbers(h.db, rows));
  }
});
afterAll(async () => {
  await h.db.destroy();
});

async function topSkus(locale: LocaleCode, text: string): Promise<string[]> {
  const r = await request(api('/api/products', locale, `&query=${encodeURIComponent(text)}&limit=${TOP}`));
  expect(r.status).toBe(200);
  return r.json().products.map((p: { sku: string }) => p.sku);
}

describe('search relevance set', () => {
  it('every case has relevant products on the catalogue, one in the top 10, and recall@10 is at least 0.95 overall', async () => {
    const scores: { case: string; recall: number; rr: number }[] = [];
    for (const c of RELEVANCE_CASES) {
      const resolved = resolveCase(c, catalogue.get(c.locale)!);
      expect(resolved, `${c.locale} ${c.query}: nothing to pick`).not.toBeNull();
      expect(resolved!.relevant_skus.size, `${c.locale} ${resolved!.text}: no relevant product`).toBeGreaterThan(0);
      const s = scoreCase(await topSkus(c.locale, resolved!.text), resolved!.relevant_skus);
      scores.push({ case: `${c.locale} ${c.kind} "${resolved!.text}"`, ...s });
    }
    const missed = scores.filter((s) => s.rr === 0).map((s) => s.case);
    expect(missed).toEqual([]);
    const recall = scores.reduce((n, s) => n + s.recall, 0) / scores.length;
    const weak = scores.filter((s) => s.recall < 1).map((s) => `${s.case}: ${s.recall.toFixed(2)}`);
    expect(recall, `weak cases: ${weak.join('; ')}`).toBeGreaterThanOrEqual(0.95);
  });
});
