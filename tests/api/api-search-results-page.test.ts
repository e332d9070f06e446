/** The search results page as a listing (docs/product/search.md#search-results-page), rendered by the real server. */
import { describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { raw } from './api-support.ts';

const page = (query: string) => request(raw(`/sok?${query}`, 'sv'));
const skus = (html: string) => [...html.matchAll(/data-testid="product-card" data-sku="([^"]+)"/g)].map((m) => m[1]);

describe('search results page', () => {
  it('pages through every result without repeating one, and answers 404 past the last page', async () => {
    const first = await page('q=till');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toContain('noindex');
    const total = Number(/data-total="(\d+)"/.exec(first.body)![1]);
    const pages = Math.ceil(total / 48);
    expect(pages).toBeGreaterThan(1);
    const seen = new Set<string>();
    for (let n = 1; n <= pages; n++) {
      const r = await page(`q=till&page=${n}`);
      expect(r.status).toBe(200);
      for (const sku of skus(r.body)) {
        expect(seen.has(sku)).toBe(false);
        seen.add(sku);
      }
    }
    expect(seen.size).toBe(total);
    expect((await page(`q=till&page=${pages + 1}`)).status).toBe(404);
    expect((await page('q=till&page=0')).status).toBe(404);
  });

  it('filters by brand and sorts, keeping the query in every link', async () => {
    const all = (await page('q=filter')).body;
    const brand = /name="brand" value="([a-z0-9-]+)"/.exec(all)![1];
    const filtered = await page(`q=filter&brand=${brand}&sort=name`);
    expect(filtered.status).toBe(200);
    expect(Number(/data-total="(\d+)"/.exec(filtered.body)![1])).toBeLessThan(Number(/data-total="(\d+)"/.exec(all)![1]));
    expect(filtered.body).toContain('<input type="hidden" name="q" value="filter"');
    expect(filtered.body).toMatch(/data-self="\/sok\?brand=[a-z0-9-]+&amp;sort=name&amp;q=filter"/);
  });

  it('answers only the listing fragment for the listing script', async () => {
    const r = await page('q=filter&partial=1');
    expect(r.status).toBe(200);
    expect(r.body).toContain('data-listing');
    expect(r.body).not.toContain('<html');
    expect(r.body).not.toContain('<header');
  });

  it('ignores bad refinements instead of failing', async () => {
    for (const q of ['q=filter&brand=%00', 'q=filter&sub=abc', 'q=filter&min=-5', 'q=filter&sort=cheap', 'q=filter&stock=x']) {
      expect((await page(q)).status, q).toBe(200);
    }
  });
});
