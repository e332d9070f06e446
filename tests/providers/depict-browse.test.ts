/**
 * The Depict adapter (src/server/search/providers/depict-client.ts) against the Depict emulator
 * (sandbox/depict): the request it sends (market, locale, query, include, cursor; GET and POST agree),
 * cursor paging to the last page, error mapping (unknown merchant, market, locale, cursor, 5xx) and the
 * time budget (a slow provider is a failure, not a wait).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DepictClient, DepictFailure } from '#server/search/providers/depict-client.ts';
import { EMULATED_MERCHANT, PAGE_SIZE } from '#sandbox/depict/depict-emulator.ts';
import type { FeedProduct } from '#sandbox/depict/depict-feed.ts';
import { startSandbox, type RunningSandbox } from '#sandbox/server.ts';

let sandbox: RunningSandbox;
let depict: DepictClient;
const base = () => `${sandbox.url}/depict`;

async function control(name: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${base()}/_sandbox/${name}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return res.json();
}

const product = (i: number, title: string, over: Partial<FeedProduct> = {}): FeedProduct => ({
  product_id: `STI-${String(i).padStart(6, '0')}`,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  price: 100 + i,
  in_stock: true,
  image_url: null,
  ...over,
});

/** 60 filters (paging), two hoses, one Finnish product on another market. */
const SE_FEED: FeedProduct[] = [
  ...Array.from({ length: 60 }, (_, i) => product(i + 1, `Filter ${String(60 - i).padStart(2, '0')} till dammsugare`)),
  product(101, 'Slang till tvättmaskin'),
  product(102, 'Dammsugarslang Electrolux'),
];
const budget = (ms = 5000) => AbortSignal.timeout(ms);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  depict = new DepictClient(base(), EMULATED_MERCHANT);
});
beforeEach(async () => {
  await control('reset');
  await control('feed', { market: 'se', products: SE_FEED });
  await control('feed', { market: 'fi', products: [product(201, 'Pölynimurin suodatin')] });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('browse: the request and its answer', () => {
  it("answers the cards matching the query in the emulator's order, one variant each with our SKU as product_id", async () => {
    const page = await depict.browse({ market: 'se', query: 'slang' }, budget());
    // Both hoses; "Slang till …" starts with the word, "Dammsugarslang" only contains it: the word start first.
    expect(page.cards).toEqual([['STI-000101'], ['STI-000102']]);
    expect(page.cursor).toBeNull();
  });

  it('sends market, query and an empty include; GET and POST give the same answer in the documented shape', async () => {
    const get = await fetch(`${base()}/v4/${EMULATED_MERCHANT}/browse?market=se&query=slang&include=`);
    expect(get.status).toBe(200);
    const body = (await get.json()) as Record<string, unknown>;
    expect(body.currency).toBe('SEK');
    expect(body).not.toHaveProperty('facets'); // include= (empty): no sections besides the cards
    expect(body.products).toEqual([
      {
        title: 'Slang till tvättmaskin',
        slug: 'slang-till-tv-ttmaskin',
        images: [],
        price: 201,
        in_stock: true,
        variants: [{ product_id: 'STI-000101', in_stock: true }],
      },
      expect.objectContaining({ title: 'Dammsugarslang Electrolux', variants: [{ product_id: 'STI-000102', in_stock: true }] }),
    ]);
    const post = await fetch(`${base()}/v4/${EMULATED_MERCHANT}/browse`, {
      method: 'POST',
      body: JSON.stringify({ market: 'se', query: 'slang', include: '' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await post.json()).toEqual(body);
    // Without include: the default sections (facets and sorts).
    const defaults = (await (await fetch(`${base()}/v4/${EMULATED_MERCHANT}/browse?market=se&query=slang`)).json()) as Record<
      string,
      unknown
    >;
    expect(defaults).toHaveProperty('facets');
    expect(defaults).toHaveProperty('sorts');
  });

  it('answers from the market asked for, in its locale; an explicit matching locale is the same answer', async () => {
    expect((await depict.browse({ market: 'fi', query: 'suodatin' }, budget())).cards).toEqual([['STI-000201']]);
    expect((await depict.browse({ market: 'fi', locale: 'fi', query: 'suodatin' }, budget())).cards).toEqual([['STI-000201']]);
    expect((await depict.browse({ market: 'se', query: 'suodatin' }, budget())).cards).toEqual([]);
  });

  it('pages with the cursor to the last page, every card once, in one order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await depict.browse({ market: 'se', query: 'filter', cursor }, budget());
      pages++;
      expect(page.cards.length).toBe(pages < 3 ? PAGE_SIZE : 60 - 2 * PAGE_SIZE);
      seen.push(...page.cards.flat());
      cursor = page.cursor;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(60);
    // The emulator orders by title: "Filter 01 …" (the 60th product) first.
    expect(seen[0]).toBe('STI-000060');
    expect(seen[59]).toBe('STI-000001');
  });
});

describe('browse: errors', () => {
  const failure = async (p: Promise<unknown>): Promise<DepictFailure> => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DepictFailure);
    return err as DepictFailure;
  };

  it('an unknown merchant is 404 unknown_merchant', async () => {
    const err = await failure(new DepictClient(base(), 'nobody').browse({ market: 'se', query: 'filter' }, budget()));
    expect([err.status, err.code]).toEqual([404, 'unknown_merchant']);
  });

  it('an unknown market or a locale the market does not have is a 400 with its code', async () => {
    expect((await failure(depict.browse({ market: 'us', query: 'filter' }, budget()))).code).toBe('unknown_market');
    const wrongLocale = await failure(depict.browse({ market: 'se', locale: 'fi', query: 'filter' }, budget()));
    expect([wrongLocale.status, wrongLocale.code]).toEqual([400, 'unknown_locale']);
  });

  it('a cursor of another query is refused (invalid_cursor)', async () => {
    const first = await depict.browse({ market: 'se', query: 'filter' }, budget());
    expect(first.cursor).not.toBeNull();
    const err = await failure(depict.browse({ market: 'se', query: 'slang', cursor: first.cursor }, budget()));
    expect([err.status, err.code]).toEqual([400, 'invalid_cursor']);
  });

  it('a 5xx is a failure with its status; the next call answers again', async () => {
    await control('faults', { failNext: 1 });
    const err = await failure(depict.browse({ market: 'se', query: 'slang' }, budget()));
    expect([err.status, err.code]).toEqual([503, 'unavailable']);
    expect((await depict.browse({ market: 'se', query: 'slang' }, budget())).cards).toHaveLength(2);
  });

  it('a provider slower than the budget is a failure when the budget ends, not when it answers', async () => {
    await control('faults', { delayMs: 1500 });
    const started = Date.now();
    const err = await failure(depict.browse({ market: 'se', query: 'slang' }, AbortSignal.timeout(200)));
    expect(err.message).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('a provider that is not there at all is a network failure', async () => {
    const err = await failure(
      new DepictClient('http://127.0.0.1:9/depict', EMULATED_MERCHANT).browse({ market: 'se', query: 'x' }, budget()),
    );
    expect(err.status).toBeNull();
    expect(err.message).toMatch(/^network/);
  });
});
