/**
 * Klarna's error body: `{ error_code, error_messages, correlation_id }` (BAD_VALUE, NOT_FOUND,
 * CAPTURE_NOT_ALLOWED, REFUND_NOT_ALLOWED, CANCEL_NOT_ALLOWED, NO_SUCH_ORDER, UNAUTHORIZED …).
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { uuid } from '../shared/ids.ts';

export function klarnaError(status: number, errorCode: string, ...messages: string[]): ApiAnswer {
  return { status, body: { error_code: errorCode, error_messages: messages, correlation_id: uuid() } };
}

export const unauthorized = (): ApiAnswer => ({
  ...klarnaError(401, 'UNAUTHORIZED', 'Invalid credentials: send HTTP Basic with the API username and password'),
  headers: { 'www-authenticate': 'Basic realm="Klarna API"' },
});

export const serverFault = (): ApiAnswer =>
  klarnaError(503, 'TEMPORARILY_UNAVAILABLE', 'Sandbox fault (failNext): service temporarily unavailable');
export const malformedJson = (detail: string): ApiAnswer => klarnaError(400, 'BAD_VALUE', `Malformed JSON: ${detail}`);
export const badValue = (field: string): ApiAnswer => klarnaError(400, 'BAD_VALUE', `Bad value: ${field}`);
export const notFound = (what: string): ApiAnswer => klarnaError(404, 'NOT_FOUND', what);
