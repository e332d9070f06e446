/**
 * The Depict v3 recommendation adapter (src/server/recommendations/depict-recommend-client.ts) against the Depict
 * emulator (sandbox/depict/depict-recommend.ts): the documented request (merchant, market, locale, type,
 * product_ids, limit), displays mapped to our SKUs in the emulator's order, the documented failures (422 on a
 * refused body, "not yet configured" for an unknown merchant, market or type, 5xx) and the time budget.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DepictRecommendClient } from '#server/recommendations/depict-recommend-client.ts';
import { DepictFailure } from '#server/search/providers/depict-client.ts';
import { EMULATED_MERCHANT } from '#sandbox/depict/depict-emulator.ts';
import { emulatedRecommendations } from '#sandbox/depict/depict-recommend.ts';
import type { FeedProduct } from '#sandbox/depict/depict-feed.ts';
import { startSandbox, type RunningSandbox } from '#sandbox/server.ts';

let sandbox: RunningSandbox;
let depict: DepictRecommendClient;
const base = () => `${sandbox.url}/depict`;

async function control(name: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${base()}/_sandbox/${name}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
}

const product = (i: number, title: string): FeedProduct => ({
  product_id: `STI-${String(i).padStart(6, '0')}`,
  title,
  slug: `p-${i}`,
  price: 100 + i,
  in_stock: true,
  image_url: null,
});
const SE_FEED: FeedProduct[] = [
  product(1, 'Dammsugarpåsar till Electrolux dammsugare'),
  product(2, 'Filter till Electrolux dammsugare'),
  product(3, 'Slang till Miele dammsugare'),
  product(4, 'Kolborstar till Bosch borrmaskin'),
  product(5, 'Filter till Bosch diskmaskin'),
  product(6, 'Termostat till Asko ugn'),
];
const ask = (over: Partial<Parameters<DepictRecommendClient['recommend']>[0]> = {}, ms = 5000) =>
  depict.recommend(
    { market: 'se', locale: 'sv', type: 'cross_sell', productIds: ['STI-000002'], limit: 3, ...over },
    AbortSignal.timeout(ms),
  );

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  depict = new DepictRecommendClient(base(), EMULATED_MERCHANT);
});
beforeEach(async () => {
  await control('reset');
  await control('feed', { market: 'se', products: SE_FEED });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('POST /v3/recommend/products', () => {
  it('answers displays for the product, most title words in common first, as our SKUs, never the product itself', async () => {
    // "Filter till Electrolux dammsugare": Dammsugarpåsar … Electrolux dammsugare (3 words), Slang … dammsugare and
    // Filter … Bosch diskmaskin (2 each, then by title)
    expect(await ask()).toEqual([['STI-000001'], ['STI-000005'], ['STI-000003']]);
    expect(emulatedRecommendations(SE_FEED, ['STI-000002'], 3).map((p) => p.product_id)).toEqual([
      'STI-000001',
      'STI-000005',
      'STI-000003',
    ]);
    expect(await ask({ limit: 1 })).toEqual([['STI-000001']]);
  });

  it('the raw answer has the documented shape: displays with variant_index, variant_displays, variant_skus, variant_product_ids', async () => {
    const res = await fetch(`${base()}/v3/recommend/products`, {
      method: 'POST',
      body: JSON.stringify({
        merchant: EMULATED_MERCHANT,
        market: 'se',
        locale: 'sv',
        type: 'similar',
        product_ids: ['STI-000006'],
        limit: 1,
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { displays: Record<string, unknown>[]; error: unknown };
    expect(body.error).toBeNull();
    expect(body.displays).toHaveLength(1);
    expect(Object.keys(body.displays[0]).sort()).toEqual(['variant_displays', 'variant_index', 'variant_product_ids', 'variant_skus']);
  });

  it('refuses a body outside the documented bounds with 422 and FastAPI-style detail', async () => {
    const res = await fetch(`${base()}/v3/recommend/products`, {
      method: 'POST',
      body: JSON.stringify({ merchant: EMULATED_MERCHANT, market: 'se', locale: 'sv', type: 'cross_sell', limit: 500 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: string[] }[] };
    expect(body.detail[0].loc).toEqual(['body', 'limit']);
    const get = await fetch(`${base()}/v3/recommend/products`);
    expect(get.status).toBe(405);
  });

  it('an unknown merchant, market, locale or type is the documented "not yet configured" error: a DepictFailure', async () => {
    const other = new DepictRecommendClient(base(), 'someone-else');
    await expect(
      other.recommend({ market: 'se', locale: 'sv', type: 'cross_sell', productIds: [], limit: 3 }, AbortSignal.timeout(5000)),
    ).rejects.toThrow(/not yet configured/);
    await expect(ask({ type: 'front_page' })).rejects.toThrow(DepictFailure);
    await expect(ask({ market: 'xx' })).rejects.toThrow(DepictFailure);
    await expect(ask({ locale: 'nb' })).rejects.toThrow(DepictFailure);
  });

  it('a 5xx and a slow answer are failures, the slow one within the budget', async () => {
    await control('faults', { failNext: 1 });
    await expect(ask()).rejects.toMatchObject({ status: 503 });
    expect(await ask()).toHaveLength(3); // the fault was for one call
    await control('faults', { delayMs: 2000 });
    const started = Date.now();
    await expect(ask({}, 300)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("a product Depict does not know gets the catalogue's general order (nothing in common), markets stay apart", async () => {
    await control('feed', { market: 'fi', products: [product(201, 'Pölynimurin suodatin')] });
    expect(await ask({ productIds: ['UNKNOWN'], limit: 2 })).toEqual([['STI-000001'], ['STI-000005']]); // by title
    expect(await ask({ market: 'fi', locale: 'fi', productIds: ['STI-000002'] })).toEqual([['STI-000201']]);
  });
});
