/**
 * A track-order lookup as the page runs it (docs/product/fulfilment.md#track-order): rate-limited per client
 * IP (TRACK_ORDER_RATE_LIMIT lookups a minute, default 10), validated, then the read model. Every miss is one
 * answer, whatever was wrong.
 */
import { z } from 'zod';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { Db } from '#server/db/connection.ts';
import { clientIp, createRateLimiter } from '#server/http/rate-limit.ts';
import { findTrackedOrder, type OrderTimelineView } from '#server/orders/order-timeline.ts';

// Counted in the database: every node counts together (src/server/http/rate-limit.ts).
const limiterOn = (db: Db) =>
  createRateLimiter({ bucket: 'track-order', limit: Number(process.env.TRACK_ORDER_RATE_LIMIT ?? 10), windowMs: 60_000, db: () => db });

export const trackOrderFormSchema = z.object({
  number: z.string().trim().min(1).max(40),
  contact: z.string().trim().min(1).max(254),
});

export type TrackOrderOutcome =
  { kind: 'found'; timeline: OrderTimelineView } | { kind: 'not_found' | 'missing' } | { kind: 'rate_limited'; retryAfterSeconds: number };

export async function trackOrderLookup(
  db: Db,
  locale: LocaleCode,
  request: Request,
  clientAddress: () => string | undefined,
): Promise<{ outcome: TrackOrderOutcome; typed: { number: string; contact: string } }> {
  // A body that is not a form (or not readable) is a lookup with nothing typed.
  const form = await request.formData().catch(() => null);
  const typed = { number: String(form?.get('number') ?? '').slice(0, 40), contact: String(form?.get('contact') ?? '').slice(0, 254) };
  const rate = await limiterOn(db).hit(clientIp(request.headers, clientAddress));
  if (!rate.allowed) return { outcome: { kind: 'rate_limited', retryAfterSeconds: rate.retryAfterSeconds }, typed };
  const fields = trackOrderFormSchema.safeParse(typed);
  if (!fields.success) return { outcome: { kind: 'missing' }, typed };
  const timeline = await findTrackedOrder(db, locale, fields.data.number, fields.data.contact);
  return { outcome: timeline ? { kind: 'found', timeline } : { kind: 'not_found' }, typed };
}
