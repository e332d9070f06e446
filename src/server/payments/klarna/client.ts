/**
 * HTTP to Klarna (Payments, Hosted Payment Page, Order Management): HTTP Basic with the API
 * username/password, JSON, and Klarna's error body (`{ error_code, error_messages, correlation_id }`)
 * turned into ProviderRequestError codes.
 */
import { JsonHttpClient } from '#server/providers/http-client.ts';
import { klarnaError } from './schemas.ts';

export interface KlarnaConfig {
  /** Regional API host: https://api.playground.klarna.com (test) or https://api.klarna.com (sandbox: http://127.0.0.1:4330/klarna). */
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs: number;
}

export function createKlarnaClient(config: KlarnaConfig): JsonHttpClient {
  const basic = Buffer.from(`${config.username}:${config.password}`, 'utf8').toString('base64');
  return new JsonHttpClient({
    provider: 'klarna',
    baseUrl: apiBase(config),
    timeoutMs: config.timeoutMs,
    headers: { authorization: `Basic ${basic}` },
    describeError(body) {
      const parsed = klarnaError.safeParse(body);
      if (!parsed.success) return { code: null, message: null };
      return { code: parsed.data.error_code ?? null, message: parsed.data.error_messages?.join('; ') ?? null };
    },
  });
}

export const apiBase = (config: KlarnaConfig): string => config.baseUrl.replace(/\/+$/, '');
