/**
 * The Depict emulator's recommendation endpoint, v3: `POST /depict/v3/recommend/products`, after
 * https://docs.depict.ai/api-reference/recommendations-v3/recommendations — body { merchant, market, locale, type,
 * product_ids, limit (1–128), session_id }; 200 { displays: [{ variant_index, variant_displays, variant_skus,
 * variant_product_ids }], error }; 422 `{ detail: [{ loc, msg, type }] }` (FastAPI's validation error) for a
 * body it refuses; an unknown (merchant, market, type) is the documented "not yet configured" error.
 *
 * A plain emulator, not a recommender: from the market's feed, the products sharing the most title words (3+
 * letters) with the products asked about, then by title, then id — deterministic and deliberately unlike the
 * shop's own ranking (which knows appliances, brands and orders), so tests can tell who answered.
 * The emulator's faults (delay, failNext) apply as to every API call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FaultState } from '../shared/faults.ts';
import { parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { DEPICT_MARKETS, type FeedProduct } from './depict-feed.ts';

export const RECOMMEND_PATH = '/v3/recommend/products';
/** Recommendation types the emulated merchant has configured (the docs name cross_sell, similar and related as examples). */
export const EMULATED_RECOMMENDATION_TYPES = ['cross_sell', 'similar', 'related'];
/** Displays when the request names no limit (the documented example's value). */
const DEFAULT_LIMIT = 64;

const requestSchema = z.object({
  merchant: z.string(),
  market: z.string(),
  locale: z.string(),
  type: z.string(),
  product_ids: z.array(z.string()).max(1000).optional(),
  limit: z.number().int().min(1).max(128).nullable().optional(),
  session_id: z.string().nullable().optional(),
});

const words = (title: string) =>
  new Set(
    title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );

/** The feed's products for these product ids: most title words in common first, then title, then id; never the ids asked about. */
export function emulatedRecommendations(feed: FeedProduct[], productIds: string[], limit: number): FeedProduct[] {
  const asked = new Set(productIds);
  const shared = new Set(feed.filter((p) => asked.has(p.product_id)).flatMap((p) => [...words(p.title)]));
  return feed
    .filter((p) => !asked.has(p.product_id))
    .map((p) => ({ p, common: [...words(p.title)].filter((w) => shared.has(w)).length }))
    .sort((a, b) => b.common - a.common || a.p.title.localeCompare(b.p.title) || a.p.product_id.localeCompare(b.p.product_id))
    .slice(0, limit)
    .map((s) => s.p);
}

/** An APIDisplay: one product, its one variant shown. */
const display = (p: FeedProduct) => ({
  variant_index: 0,
  variant_displays: [
    { title: p.title, slug: p.slug, product_id: p.product_id, price: p.price, in_stock: p.in_stock, image_url: p.image_url },
  ],
  variant_skus: [p.product_id],
  variant_product_ids: [p.product_id],
});

type RecommendContext = { merchant: string; faults: FaultState; feedOf: (market: string) => Promise<FeedProduct[]> };

/** Serves POST {prefix}/v3/recommend/products (registered in depict-emulator.ts). */
export async function serveRecommend(req: IncomingMessage, res: ServerResponse, ctx: RecommendContext): Promise<void> {
  const answer = await recommendAnswer(req, res, ctx);
  if (answer) writeAnswer(res, answer);
}

export async function recommendAnswer(req: IncomingMessage, res: ServerResponse, ctx: RecommendContext): Promise<ApiAnswer | null> {
  if (req.method !== 'POST') return { status: 405, body: { detail: 'Method Not Allowed' }, headers: { allow: 'POST' } };
  if (await ctx.faults.beforeApiCall()) return { status: 503, body: { error: 'sandbox fault: try again' } };
  // an answer nobody waits for any more (the shop's time budget ran out during a delay) is dropped
  if (res.destroyed || req.socket.destroyed) return null;
  const parsed = parseJsonBody(await readBody(req));
  const body = parsed.ok ? requestSchema.safeParse(parsed.value) : null;
  if (!body?.success)
    return {
      status: 422,
      body: {
        detail: body
          ? body.error.issues.map((i) => ({ loc: ['body', ...i.path.map(String)], msg: i.message, type: i.code }))
          : [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }],
      },
    };
  const r = body.data;
  const market = DEPICT_MARKETS[r.market];
  if (r.merchant !== ctx.merchant || !market || market.locale !== r.locale || !EMULATED_RECOMMENDATION_TYPES.includes(r.type))
    return { status: 200, body: { displays: [], error: '(tenant, market, type) not yet configured. Please contact Depict.' } };
  const feed = await ctx.feedOf(r.market);
  return {
    status: 200,
    body: { displays: emulatedRecommendations(feed, r.product_ids ?? [], r.limit ?? DEFAULT_LIMIT).map(display), error: null },
  };
}
