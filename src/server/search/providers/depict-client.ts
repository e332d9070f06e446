/**
 * Depict Platform API v4, the `browse` endpoint for search pages — only what the shop needs: which products,
 * in which order. Followed from Depict's public docs:
 *   https://docs.depict.ai/api-v4/introduction  (base URL https://api.depict.ai, paths /v4/{merchant}/{endpoint},
 *     no key, GET with a query string, 404 unknown_merchant, the response's cursor gives the next page)
 *   https://docs.depict.ai/api-v4/endpoints     (browse: market required, locale optional, query ≤ 512 characters,
 *     include= empty for no sections besides the cards)
 *   https://docs.depict.ai/api-v4/contract      (the product card: variants with product_id; ids are strings
 *     from the merchant's catalogue; ignore unknown fields)
 * Where the docs we could read are silent (the names of the list and cursor fields, the error body), this adapter
 * reads `products` and `cursor` and treats every non-2xx as a failure — docs/product/search.md#providers.
 */
import { z } from 'zod';
import { observeProviderCall, type ProviderOutcome } from '#server/telemetry/metrics.ts';

export class DepictFailure extends Error {
  /** HTTP status, or null for network errors, timeouts and unreadable answers. */
  readonly status: number | null;
  /** Depict's error code when the body carried one (e.g. unknown_merchant). */
  readonly code: string | null;
  constructor(message: string, status: number | null = null, code: string | null = null) {
    super(message);
    this.name = 'DepictFailure';
    this.status = status;
    this.code = code;
  }
}

/** A product card, reduced to what we read: its variants' ids (our SKUs). Unknown fields are allowed. */
const cardSchema = z.looseObject({
  variants: z.array(z.looseObject({ product_id: z.string().min(1) })).min(1),
});
const browseSchema = z.looseObject({
  products: z.array(cardSchema),
  cursor: z.string().min(1).nullable().optional(),
});

export interface BrowsePage {
  /** Per card, its variants' product ids in the card's order. */
  cards: string[][];
  /** Pass back for the next page; null on the last page. */
  cursor: string | null;
}

export interface BrowseRequest {
  market: string;
  locale?: string;
  query: string;
  cursor?: string | null;
}

export const DEPICT_MAX_QUERY = 512;

/** Depict's error code from an error body: `{ error: { code } }`, `{ error: "code" }` or `{ code }`. */
function errorCode(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { code?: unknown; error?: unknown };
  if (typeof b.code === 'string') return b.code;
  if (typeof b.error === 'string') return b.error;
  if (b.error && typeof b.error === 'object' && typeof (b.error as { code?: unknown }).code === 'string')
    return (b.error as { code: string }).code;
  return null;
}

/** A Depict failure as a provider-call outcome for /metrics (docs/product/logs-and-metrics.md#metrics). */
export function depictOutcome(err: unknown, signal: AbortSignal): ProviderOutcome {
  if (signal.aborted) return 'timeout';
  return err instanceof DepictFailure && err.status !== null && err.status >= 400 && err.status < 500 && err.status !== 429
    ? 'rejected'
    : 'unavailable';
}

export class DepictClient {
  constructor(
    private readonly baseUrl: string,
    private readonly merchant: string,
  ) {}

  /** GET /v4/{merchant}/browse: one page of a search. `signal` ends the wait (the caller's time budget). */
  browse(req: BrowseRequest, signal: AbortSignal): Promise<BrowsePage> {
    return observeProviderCall(
      'depict-search',
      () => this.browseOnce(req, signal),
      (err) => depictOutcome(err, signal),
    );
  }

  private async browseOnce(req: BrowseRequest, signal: AbortSignal): Promise<BrowsePage> {
    const params = new URLSearchParams({ market: req.market, query: req.query.slice(0, DEPICT_MAX_QUERY), include: '' });
    if (req.locale) params.set('locale', req.locale);
    if (req.cursor) params.set('cursor', req.cursor);
    const url = `${this.baseUrl}/v4/${encodeURIComponent(this.merchant)}/browse?${params}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal });
    } catch (err) {
      const timedOut = signal.aborted;
      throw new DepictFailure(timedOut ? 'timed out' : `network: ${err instanceof Error ? err.message : String(err)}`);
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      if (res.ok || signal.aborted) throw new DepictFailure(signal.aborted ? 'timed out' : 'answer is not JSON', res.status);
    }
    if (!res.ok) throw new DepictFailure(`HTTP ${res.status}`, res.status, errorCode(body));
    const parsed = browseSchema.safeParse(body);
    if (!parsed.success) throw new DepictFailure(`unexpected answer: ${parsed.error.issues[0]?.message ?? 'shape'}`, res.status);
    return {
      cards: parsed.data.products.map((c) => c.variants.map((v) => v.product_id)),
      cursor: parsed.data.cursor ?? null,
    };
  }
}
