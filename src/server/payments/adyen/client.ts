/**
 * HTTP to the Adyen Checkout API v71: `X-API-Key` authentication, JSON, and Adyen's error body
 * (`{ status, errorCode, message, errorType, pspReference }`) turned into ProviderRequestError codes.
 */
import { createHash } from 'node:crypto';
import { JsonHttpClient } from '#server/providers/http-client.ts';
import { serviceError } from './schemas.ts';

export interface AdyenConfig {
  /** Checkout API host without version: https://checkout-test.adyen.com, or live https://{prefix}-checkout-live.adyenpayments.com/checkout (sandbox: http://127.0.0.1:4330/adyen). */
  baseUrl: string;
  apiKey: string;
  merchantAccount: string;
  /** The webhook's HMAC key from the Customer Area, hex as shown there. */
  hmacKeyHex: string;
  timeoutMs: number;
}

export const ADYEN_API_VERSION = 'v71';

export function createAdyenClient(config: AdyenConfig): JsonHttpClient {
  return new JsonHttpClient({
    provider: 'adyen',
    baseUrl: `${config.baseUrl.replace(/\/+$/, '')}/${ADYEN_API_VERSION}`,
    timeoutMs: config.timeoutMs,
    headers: { 'x-api-key': config.apiKey },
    describeError(body) {
      const parsed = serviceError.safeParse(body);
      return parsed.success ? { code: parsed.data.errorCode ?? null, message: parsed.data.message ?? null } : { code: null, message: null };
    },
  });
}

/**
 * Adyen keeps an `Idempotency-Key` (max 64 characters) for at least 7 days and answers a repeat with
 * the first result; longer keys are hashed rather than cut, so two long keys never collide.
 */
export function idempotency(key: string): Record<string, string> {
  return { 'idempotency-key': key.length <= 64 ? key : createHash('sha256').update(key).digest('hex') };
}
