/** GET /api/search-suggestions (docs/product/api.md#search-suggestions) against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { api, openTestDb, productsOf } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { searchSuggestionsSchema } from '#lib/api/catalogue-contracts.ts';
import { tokenize } from '#lib/search/tokenize.ts';

let h: DbHandle;
beforeAll(() => {
  h = openTestDb();
});
afterAll(async () => {
  await h.db.destroy();
});

const total = async (q: string) =>
  Number((await request(api('/api/products', 'sv', `&query=${encodeURIComponent(q)}`))).headers['x-be-records']);
const suggest = async (q: string) => {
  const r = await request(api('/api/search-suggestions', 'sv', `&query=${encodeURIComponent(q)}`));
  expect(r.status).toBe(200);
  return searchSuggestionsSchema.parse(r.json());
};

describe('GET /api/search-suggestions', () => {
  it('completes the word being typed with catalogue words that find products', async () => {
    const word = tokenize((await productsOf(h, 'sv')).find((p) => p.name.toLowerCase().includes('dammsugare'))!.name).find((w) =>
      w.startsWith('dammsug'),
    )!;
    const { completions, did_you_mean } = await suggest('dammsu');
    expect(completions.length).toBeGreaterThan(0);
    expect(completions.length).toBeLessThanOrEqual(5);
    expect(completions).toContain(word);
    for (const c of completions) {
      expect(c.startsWith('dammsu')).toBe(true);
      expect(await total(c)).toBeGreaterThan(0);
    }
    expect(did_you_mean).toBeNull();
  });

  it('offers the nearest query that finds products when a query finds nothing', async () => {
    // A four-letter word (no typo allowed in matching) with its last letter changed finds nothing …
    const words = (await productsOf(h, 'sv')).flatMap((p) => tokenize(p.name)).filter((w) => /^[a-z]{4}$/.test(w));
    const word = words.find((w) => w !== 'till')!;
    const typo = `${word.slice(0, 3)}q`;
    expect(await total(typo)).toBe(0);
    // … and the suggestion is a query that does.
    const { did_you_mean } = await suggest(typo);
    expect(did_you_mean).not.toBeNull();
    expect(await total(did_you_mean!)).toBeGreaterThan(0);
    expect((await suggest('qqxxzzvv')).did_you_mean).toBeNull();
  });

  it('refuses a query of one character and a storefront that disagrees with the host', async () => {
    const short = await request(api('/api/search-suggestions', 'sv', '&query=a'));
    expect(short.status).toBe(400);
    expect(short.json().error.code).toBe('invalid_request');
    const other = await request(api('/api/search-suggestions', 'fi', '&query=filter').replace('fi.localhost', 'sv.localhost'));
    expect(other.status).toBe(400);
    expect(other.json().error.code).toBe('bad_locale');
  });
});
