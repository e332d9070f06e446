/**
 * The retail personalisation service's tracking call, emulated beside the Depict search emulator
 * (docs/product/tracking.md#personalisation-service): `POST /depict/tracking/{merchant}` with
 * `{ websiteUUid }` answers `{ id }` (a new visitor id), with `{ websiteUUid, id, event: "purchase", … }`
 * records the purchase and answers 204. Controls for tests: `GET /depict/_sandbox/tracking` lists what was
 * received, `POST /depict/_sandbox/tracking` with `{ fail: n }` makes the next n calls answer 503 (with
 * `{ fail: n, id }` only those naming that visitor id), with `{ reset: true }` forgets everything.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';

const MAX_RECEIVED = 500;
const websiteUUid = z.uuid();
const visitorCall = z.strictObject({ websiteUUid });
const purchaseCall = z.object({
  websiteUUid,
  id: z.string().min(1).max(128),
  event: z.literal('purchase'),
  transaction_id: z.string().min(1),
  currency: z.string().length(3),
  value_minor: z.number().int(),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int().positive(), unit_price_minor: z.number().int() })).min(1),
});
const control = z.union([
  z.strictObject({ fail: z.number().int().min(0).max(100), id: z.string().min(1).max(128).optional() }),
  z.strictObject({ reset: z.literal(true) }),
]);

export interface TrackingCall {
  merchant: string;
  at: string;
  body: z.infer<typeof visitorCall> | z.infer<typeof purchaseCall>;
  answered: { id: string } | null;
}

let received: TrackingCall[] = [];
let failNext = 0;
/** Faults for the calls naming one visitor id (parallel tests do not take each other's). */
let failFor = new Map<string, number>();

const err = (status: number, code: string, message: string): ApiAnswer => ({ status, body: { error: { code, message } } });

/** Handles the tracking paths (true) or leaves the request to the search emulator (false). */
export async function handleTracking(req: IncomingMessage, res: ServerResponse, path: string, merchant: string): Promise<boolean> {
  if (path === '/_sandbox/tracking') {
    if (req.method === 'GET') writeAnswer(res, { status: 200, body: { received } });
    else {
      const parsed = parseJsonBody(await readBody(req));
      const input = control.safeParse(parsed.ok ? parsed.value : null);
      if (!input.success) writeAnswer(res, err(400, 'invalid_body', 'send { fail: n } or { reset: true }'));
      else {
        if ('reset' in input.data) {
          received = [];
          failNext = 0;
          failFor = new Map();
        } else if (input.data.id) failFor.set(input.data.id, input.data.fail);
        else failNext = input.data.fail;
        writeAnswer(res, { status: 200, body: { fail: failNext, received: received.length } });
      }
    }
    return true;
  }
  const m = /^\/tracking\/([^/]+)$/.exec(path);
  if (!m) return false;
  writeAnswer(res, await trackingCall(req, decodeURIComponent(m[1]), merchant));
  return true;
}

async function trackingCall(req: IncomingMessage, asked: string, merchant: string): Promise<ApiAnswer> {
  if (req.method !== 'POST') return err(405, 'method_not_allowed', 'use POST');
  if (asked !== merchant) return err(404, 'unknown_merchant', `no merchant ${asked}`);
  const parsed = parseJsonBody(await readBody(req));
  const value = parsed.ok ? parsed.value : null;
  const named = value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : '';
  if ((failFor.get(named) ?? 0) > 0) {
    failFor.set(named, failFor.get(named)! - 1);
    return err(503, 'unavailable', 'sandbox fault: try again');
  }
  if (failNext > 0) {
    failNext--;
    return err(503, 'unavailable', 'sandbox fault: try again');
  }
  const visitor = visitorCall.safeParse(value);
  if (visitor.success) {
    const answered = { id: randomUUID() };
    remember({ merchant, at: new Date().toISOString(), body: visitor.data, answered });
    return { status: 200, body: answered };
  }
  const purchase = purchaseCall.safeParse(value);
  if (!purchase.success) return err(400, 'invalid_body', 'send { websiteUUid } or a purchase { websiteUUid, id, event: "purchase", … }');
  remember({ merchant, at: new Date().toISOString(), body: purchase.data, answered: null });
  return { status: 204 };
}

function remember(call: TrackingCall): void {
  received.push(call);
  if (received.length > MAX_RECEIVED) received = received.slice(-MAX_RECEIVED);
}
