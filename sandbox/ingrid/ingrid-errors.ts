/**
 * Ingrid's error body `{ error: "<kind>: <detail>", trace_id }` and the X-Trace-Id header every
 * Ingrid answer carries (delivery_checkout/prerequisites "Observability").
 */
import type { z } from 'zod';
import type { ApiAnswer } from '../shared/http-io.ts';
import { randomString } from '../shared/ids.ts';

export const traceId = (): string => `S${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomString(16)}`;

export function ingridError(status: number, error: string): ApiAnswer {
  const trace = traceId();
  return { status, body: { error, trace_id: trace }, headers: { 'x-trace-id': trace } };
}

export const unauthorized = (): ApiAnswer => ingridError(401, 'unauthenticated: malformed authorization token');
export const serverFault = (): ApiAnswer => ingridError(503, 'unavailable: sandbox fault (failNext)');
export const notFound = (what: string): ApiAnswer => ingridError(404, `not found: ${what}`);
export const invalid = (detail: string): ApiAnswer => ingridError(400, `invalid argument: ${detail}`);

export function schemaError(error: z.ZodError): ApiAnswer {
  return invalid(error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
}

/** A 2xx answer with the trace header Ingrid always sends. */
export const ok = (body: unknown, status = 200): ApiAnswer => ({ status, body, headers: { 'x-trace-id': traceId() } });
