/**
 * Walley's error body (dev.walleypay.com "HTTP Error Codes": "examine the errors property"):
 * `{ id, data: null, error: { code, message, errors: [{ reason, message }] } }`.
 */
import type { z } from 'zod';
import type { ApiAnswer } from '../shared/http-io.ts';
import { uuid } from '../shared/ids.ts';

export interface WalleyErrorItem {
  reason: string;
  message: string;
}

export function walleyError(status: number, message: string, errors: WalleyErrorItem[] = []): ApiAnswer {
  return { status, body: { id: uuid(), data: null, error: { code: status, message, errors } } };
}

export const unauthorized = (): ApiAnswer => ({
  ...walleyError(401, 'Unauthorized', [{ reason: 'Unauthorized', message: 'A valid Bearer token from /oauth2/v2.0/token is required' }]),
  headers: { 'www-authenticate': 'Bearer' },
});
export const serverFault = (): ApiAnswer => walleyError(503, 'Service unavailable (sandbox fault: failNext)');
export const notFound = (what: string): ApiAnswer => walleyError(404, 'Not found', [{ reason: 'NotFound', message: what }]);
export const conflict = (message: string): ApiAnswer => walleyError(409, 'Conflict', [{ reason: 'Conflict', message }]);

/** A zod failure as Walley's 400: one `{ reason: "Validation_Error", message: "path: problem" }` per issue. */
export function validationError(error: z.ZodError): ApiAnswer {
  return walleyError(
    400,
    'Bad request',
    error.issues.map((i) => ({ reason: 'Validation_Error', message: `${i.path.join('.') || 'body'}: ${i.message}` })),
  );
}
