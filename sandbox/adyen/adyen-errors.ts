/**
 * Adyen's error body: `{ status, errorCode, message, errorType, pspReference }`. Codes follow Adyen's
 * published list where one exists (000 unauthorised, 702 malformed JSON, 901 merchant account,
 * 14_030 return URL, 100/137 amount, 130 required field, 167 pspReference); codes starting with
 * `SANDBOX_` are the emulator's own for cases Adyen documents no code for.
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { randomString } from '../shared/ids.ts';

export type ErrorType = 'validation' | 'security' | 'configuration' | 'internal';

export function adyenError(status: number, errorCode: string, message: string, errorType: ErrorType = 'validation'): ApiAnswer {
  return { status, body: { status, errorCode, message, errorType, pspReference: randomString(16) } };
}

export const unauthorized = (): ApiAnswer => adyenError(401, '000', 'HTTP Status Response - Unauthorized', 'security');
export const invalidMerchant = (): ApiAnswer => adyenError(403, '901', 'Invalid Merchant Account', 'security');
export const malformedJson = (detail: string): ApiAnswer => adyenError(400, '702', `Unexpected input: ${detail}`);
export const serverFault = (): ApiAnswer => adyenError(500, '905', 'Sandbox fault: internal error (failNext)', 'internal');

/** A zod issue as Adyen would word it: missing field → 130 "Required field … is not provided.", else the field is invalid. */
export function fieldError(path: ReadonlyArray<PropertyKey>, missing: boolean): ApiAnswer {
  const field = path.map(String).join('.');
  if (field === 'returnUrl' && missing) return adyenError(422, '14_030', 'Return URL is missing.');
  if (field.startsWith('amount'))
    return missing ? adyenError(422, '100', 'No amount specified') : adyenError(422, '137', 'Invalid amount specified');
  return missing
    ? adyenError(422, '130', `Required field '${field}' is not provided.`)
    : adyenError(422, '702', `Field '${field}' is not valid.`);
}
