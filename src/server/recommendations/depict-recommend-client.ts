/**
 * Depict's recommendation endpoint, v3 — only what the shop needs: which products, in which order. Depict's
 * Platform API v4 (our search adapter, src/server/search/providers/depict-client.ts) documents no
 * recommendation endpoint we could follow; v3 is documented:
 *   https://docs.depict.ai/api-reference/recommendations-v3/recommendations
 *     POST {base}/v3/recommend/products, JSON body { merchant, market, locale, type, product_ids, limit (1–128),
 *     session_id }; 200 { displays: [{ variant_index, variant_displays, variant_skus, variant_product_ids }],
 *     error: string | null }; 422 on a body it refuses.
 * Where those docs are silent — docs/product/accessories.md#recommendation-providers: an answer whose `error` is
 * set is a failure (the documented "not yet configured" case), every non-2xx is a failure, and per display the
 * shown variant's product id is read first, then its other variants' (our SKUs are the feed's product ids).
 */
import { z } from 'zod';
import { DepictFailure, depictOutcome } from '#server/search/providers/depict-client.ts';
import { observeProviderCall } from '#server/telemetry/metrics.ts';

/** Depict's own bounds of `limit`. */
export const DEPICT_MAX_RECOMMENDATIONS = 128;

const displaySchema = z.looseObject({
  variant_index: z.number().int().min(0).nullable().optional(),
  variant_product_ids: z.array(z.string().min(1)).min(1),
});
export const recommendResponseSchema = z.looseObject({
  displays: z.array(displaySchema),
  error: z.string().nullable().optional(),
});

export interface RecommendRequest {
  market: string;
  locale: string;
  type: string;
  productIds: string[];
  limit: number;
  sessionId?: string;
}

/**
 * The product ids of an answer's displays, in Depict's order: per display the shown variant's id first, then
 * the other variants' (the caller keeps the first one it sells). Throws DepictFailure on any other shape.
 */
export function displayProductIds(body: unknown): string[][] {
  const parsed = recommendResponseSchema.safeParse(body);
  if (!parsed.success) throw new DepictFailure(`unexpected answer: ${parsed.error.issues[0]?.message ?? 'shape'}`);
  if (parsed.data.error) throw new DepictFailure(`Depict: ${parsed.data.error}`, 200, parsed.data.error);
  return parsed.data.displays.map((d) => {
    const ids = d.variant_product_ids;
    const shown = d.variant_index ?? 0;
    return shown < ids.length ? [ids[shown], ...ids.filter((_, i) => i !== shown)] : ids;
  });
}

export class DepictRecommendClient {
  constructor(
    private readonly baseUrl: string,
    private readonly merchant: string,
  ) {}

  /** POST /v3/recommend/products. `signal` ends the wait (the caller's time budget). */
  recommend(req: RecommendRequest, signal: AbortSignal): Promise<string[][]> {
    return observeProviderCall(
      'depict-recommend',
      () => this.recommendOnce(req, signal),
      (err) => depictOutcome(err, signal),
    );
  }

  private async recommendOnce(req: RecommendRequest, signal: AbortSignal): Promise<string[][]> {
    const body = {
      merchant: this.merchant,
      market: req.market,
      locale: req.locale,
      type: req.type,
      product_ids: req.productIds,
      limit: Math.max(1, Math.min(DEPICT_MAX_RECOMMENDATIONS, req.limit)),
      ...(req.sessionId ? { session_id: req.sessionId } : {}),
    };
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/v3/recommend/products`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        signal,
      });
    } catch (err) {
      throw new DepictFailure(signal.aborted ? 'timed out' : `network: ${err instanceof Error ? err.message : String(err)}`);
    }
    let answer: unknown = null;
    try {
      answer = await res.json();
    } catch {
      if (res.ok || signal.aborted) throw new DepictFailure(signal.aborted ? 'timed out' : 'answer is not JSON', res.status);
    }
    if (!res.ok) throw new DepictFailure(`HTTP ${res.status}`, res.status, errorText(answer));
    return displayProductIds(answer);
  }
}

/** For the log only: `{ error }` as a string, or FastAPI's 422 `{ detail: [{ msg }] }`. */
function errorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { error?: unknown; detail?: unknown };
  if (typeof b.error === 'string') return b.error;
  if (Array.isArray(b.detail) && b.detail[0] && typeof (b.detail[0] as { msg?: unknown }).msg === 'string')
    return (b.detail[0] as { msg: string }).msg;
  return null;
}
