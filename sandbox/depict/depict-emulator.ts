/**
 * Depict Platform API v4 emulator, mounted at /depict: `GET|POST /depict/v4/{merchant}/browse` (search pages)
 * and `GET /depict/v4/{merchant}/context` (markets and locales), after https://docs.depict.ai/api-v4/introduction,
 * /api-v4/endpoints and /api-v4/contract. Point the adapter's base URL at http://HOST:PORT/depict.
 *
 * A plain emulator, not a search engine: a product matches when every query word occurs in its title or
 * product id (case-insensitive substring); those with more words at a word start come first, then by title.
 * That ranking is deliberately unlike the shop's own engine, so who answered is visible.
 * Pages of PAGE_SIZE cards; the cursor is opaque and bound to its market, locale and query.
 * Controls: `POST /depict/_sandbox/feed` ({ market, products } replaces that market's feed; { market,
 * source: "shop" } goes back to the shop's database), faults and reset as every emulator (sandbox/README.md).
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Emulator, EmulatorOptions } from '../shared/emulator-module.ts';
import { FaultState } from '../shared/faults.ts';
import { parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { Notifier } from '../shared/notifier.ts';
import { handleControl } from '../shared/sandbox-controls.ts';
import { handleTracking } from './depict-tracking.ts';
import { DEPICT_MARKETS, feedFromShopDatabase, feedProductSchema, type FeedProduct } from './depict-feed.ts';
import { RECOMMEND_PATH, serveRecommend } from './depict-recommend.ts';

const PREFIX = '/depict';
/** The one merchant the emulator knows (SANDBOX_DEPICT_MERCHANT in src/server/search/providers/depict-config.ts). */
export const EMULATED_MERCHANT = process.env.SANDBOX_DEPICT_MERCHANT || 'partsfront';
/** Cards per browse page (the emulator's choice: the docs we read give no default page size). */
export const PAGE_SIZE = 24;
const MAX_QUERY = 512;
const INCLUDE_SECTIONS = ['facets', 'sorts', 'content', 'listing', 'attributes', 'variants'];

const feedInput = z.union([
  z.strictObject({ market: z.string(), products: z.array(feedProductSchema).max(100_000) }),
  z.strictObject({ market: z.string(), source: z.literal('shop') }),
]);

const error = (status: number, code: string, message: string): ApiAnswer => ({ status, body: { error: { code, message } } });

interface CursorState {
  market: string;
  locale: string;
  query: string;
  offset: number;
}
const encodeCursor = (c: CursorState): string => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(value: string): CursorState | null {
  try {
    const c = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as CursorState;
    return Number.isInteger(c.offset) && c.offset >= 0 ? c : null;
  } catch {
    return null;
  }
}

/** Every word in title or id; more words at a word start first, then title, then id. */
export function emulatedSearch(feed: FeedProduct[], query: string): FeedProduct[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const scored = feed.flatMap((p) => {
    const text = `${p.title} ${p.product_id}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) return [];
    const starts = words.filter((w) => text.startsWith(w) || text.includes(` ${w}`) || text.includes(`-${w}`)).length;
    return [{ p, starts }];
  });
  return scored
    .sort((a, b) => b.starts - a.starts || a.p.title.localeCompare(b.p.title) || a.p.product_id.localeCompare(b.p.product_id))
    .map((s) => s.p);
}

/** The product card (api-v4/contract): title, slug, images, price, stock, one variant with its product_id. */
const card = (p: FeedProduct) => ({
  title: p.title,
  slug: p.slug,
  images: p.image_url ? [{ url: p.image_url }] : [],
  price: p.price,
  in_stock: p.in_stock,
  variants: [{ product_id: p.product_id, in_stock: p.in_stock }],
});

export function createEmulator(opts: EmulatorOptions): Emulator {
  void opts;
  const faults = new FaultState();
  const notifier = new Notifier(() => faults.current);
  let pushed = new Map<string, FeedProduct[]>();
  let fromShop = new Map<string, Promise<FeedProduct[]>>();

  const feedOf = (market: string): Promise<FeedProduct[]> => {
    const own = pushed.get(market);
    if (own) return Promise.resolve(own);
    let loading = fromShop.get(market);
    if (!loading) {
      loading = feedFromShopDatabase(market);
      loading.catch(() => fromShop.delete(market));
      fromShop.set(market, loading);
    }
    return loading;
  };

  const controls = {
    faults,
    notifier,
    reset: () => {
      pushed = new Map();
      fromShop = new Map();
    },
    extra: {
      feed(body: unknown): ApiAnswer {
        const input = feedInput.safeParse(body);
        if (!input.success)
          return { status: 400, body: { error: input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') } };
        if (!DEPICT_MARKETS[input.data.market]) return { status: 400, body: { error: `unknown market ${input.data.market}` } };
        fromShop.delete(input.data.market);
        if ('products' in input.data) pushed.set(input.data.market, input.data.products);
        else pushed.delete(input.data.market);
        return {
          status: 200,
          body: { market: input.data.market, products: 'products' in input.data ? input.data.products.length : 'shop' },
        };
      },
    },
  };

  /** GET query string or POST JSON object: the same parameters either way (api-v4/introduction). */
  async function params(
    req: IncomingMessage,
    url: URL,
  ): Promise<{ ok: true; p: Record<string, unknown> } | { ok: false; answer: ApiAnswer }> {
    if (req.method === 'GET') return { ok: true, p: Object.fromEntries(url.searchParams) };
    if (req.method !== 'POST') return { ok: false, answer: error(405, 'method_not_allowed', 'use GET or POST') };
    const parsed = parseJsonBody(await readBody(req));
    if (!parsed.ok || (parsed.value !== undefined && (typeof parsed.value !== 'object' || parsed.value === null)))
      return { ok: false, answer: error(400, 'invalid_body', 'the body must be one JSON object') };
    return { ok: true, p: (parsed.value ?? {}) as Record<string, unknown> };
  }

  async function browse(p: Record<string, unknown>): Promise<ApiAnswer> {
    const market = typeof p.market === 'string' ? p.market : '';
    if (!market) return error(400, 'missing_market', 'market is required');
    const m = DEPICT_MARKETS[market];
    if (!m) return error(400, 'unknown_market', `no market ${market}`);
    const locale = typeof p.locale === 'string' && p.locale ? p.locale : m.locale;
    if (locale !== m.locale) return error(400, 'unknown_locale', `market ${market} has the locale ${m.locale}`);
    const query = typeof p.query === 'string' ? p.query.trim() : '';
    if (query.length > MAX_QUERY) return error(400, 'invalid_query', `query is at most ${MAX_QUERY} characters`);
    const include = typeof p.include === 'string' ? p.include.split(',').filter(Boolean) : ['facets', 'sorts'];
    const badInclude = include.find((s) => !INCLUDE_SECTIONS.includes(s));
    if (badInclude) return error(400, 'invalid_include', `unknown section ${badInclude}`);
    let offset = 0;
    if (typeof p.cursor === 'string' && p.cursor) {
      const c = decodeCursor(p.cursor);
      if (!c || c.market !== market || c.locale !== locale || c.query !== query)
        return error(400, 'invalid_cursor', 'the cursor belongs to another request');
      offset = c.offset;
    }
    // No query: a listing page of the whole catalogue in feed order (listings themselves are not emulated).
    const feed = await feedOf(market);
    const matches = query ? emulatedSearch(feed, query) : feed;
    const next = offset + PAGE_SIZE < matches.length ? encodeCursor({ market, locale, query, offset: offset + PAGE_SIZE }) : null;
    return {
      status: 200,
      body: {
        currency: m.currency,
        products: matches.slice(offset, offset + PAGE_SIZE).map(card),
        cursor: next,
        ...(include.includes('facets') ? { facets: [] } : {}),
        ...(include.includes('sorts') ? { sorts: [{ field: 'relevance', order: 'desc' }] } : {}),
      },
    };
  }

  return {
    prefix: PREFIX,
    async handle(req, res, url) {
      const path = url.pathname.slice(PREFIX.length);
      if (await handleTracking(req, res, path, EMULATED_MERCHANT)) return; // the personalisation tracking call
      const control = /^\/_sandbox\/([a-z-]+)$/.exec(path);
      if (control) return handleControl(req, res, control[1], controls);
      if (path === RECOMMEND_PATH) return serveRecommend(req, res, { merchant: EMULATED_MERCHANT, faults, feedOf });
      const api = /^\/v4\/([^/]+)\/([a-z_]+)$/.exec(path);
      if (!api) return writeAnswer(res, error(404, 'not_found', 'no such endpoint'));
      if (await faults.beforeApiCall()) return writeAnswer(res, error(503, 'unavailable', 'sandbox fault: try again'));
      // A search nobody waits for any more (the shop's time budget ran out during a delay) is dropped.
      if (res.destroyed || req.socket.destroyed) return;
      if (decodeURIComponent(api[1]) !== EMULATED_MERCHANT)
        return writeAnswer(res, error(404, 'unknown_merchant', `no merchant ${api[1]}`));
      const input = await params(req, url);
      if (!input.ok) return writeAnswer(res, input.answer);
      if (api[2] === 'browse') return writeAnswer(res, await browse(input.p));
      if (api[2] === 'context')
        return writeAnswer(res, {
          status: 200,
          body: { markets: Object.entries(DEPICT_MARKETS).map(([id, m]) => ({ id, currency: m.currency, locales: [m.locale] })) },
        });
      return writeAnswer(res, error(404, 'not_found', `endpoint ${api[2]} is not emulated`));
    },
  };
}
