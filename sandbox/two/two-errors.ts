/**
 * Two's ErrorResponse: `{ error_code, error_message, error_details, error_json, error_trace_id }`.
 * Validation failures look like Two's pydantic errors ("1 validation error for CreateOrderRequestSchema",
 * error_json items `{ loc, msg, type }`).
 */
import type { z } from 'zod';
import type { ApiAnswer } from '../shared/http-io.ts';
import { uuid } from '../shared/ids.ts';

export interface ErrorJson {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export function twoError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  json: ErrorJson[] | null = null,
): ApiAnswer {
  return { status, body: { error_code: code, error_message: message, error_details: details, error_json: json, error_trace_id: uuid() } };
}

export const unauthorized = (): ApiAnswer =>
  twoError(401, 'UNAUTHORIZED', 'Invalid API key', 'Send the merchant API key in the X-API-Key header');
export const serverFault = (): ApiAnswer =>
  twoError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable (sandbox fault: failNext)');
export const notFound = (what: string): ApiAnswer => twoError(404, 'ORDER_NOT_FOUND', what);
export const invalidState = (message: string): ApiAnswer => twoError(400, 'ORDER_INVALID_STATE', message);

export function schemaError(schema: string, error: z.ZodError): ApiAnswer {
  const json = error.issues.map((i) => ({
    loc: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    msg: i.message,
    type: `value_error.${i.code}`,
  }));
  const first = json.map((j) => `${j.loc.join(' -> ')}: ${j.msg}`).join('; ');
  return twoError(
    400,
    'SCHEMA_ERROR',
    `${json.length} validation error${json.length === 1 ? '' : 's'} for ${schema}: ${first}`,
    null,
    json,
  );
}

export function fieldError(schema: string, loc: string[], msg: string): ApiAnswer {
  return twoError(400, 'SCHEMA_ERROR', `1 validation error for ${schema}: ${loc.join(' -> ')}: ${msg}`, null, [
    { loc, msg, type: 'value_error' },
  ]);
}
