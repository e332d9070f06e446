/**
 * HTTP to Ingrid on the shared JsonHttpClient: `Authorization: Bearer <base64 site token>`;
 * Ingrid's error body `{ error, trace_id }` becomes the ProviderRequestError's message.
 */
import type { z } from 'zod';
import { JsonHttpClient } from '#server/providers/http-client.ts';
import { errorAnswer } from './ingrid-schemas.ts';

export interface IngridClientOptions {
  /** https://api-stage.ingrid.com or https://api.ingrid.com (the emulator: http://127.0.0.1:PORT/ingrid). */
  baseUrl: string;
  /** The site's API token, already base64-encoded as Ingrid hands it out. */
  siteToken: string;
  timeoutMs?: number;
}

export class IngridClient {
  private readonly http: JsonHttpClient;

  constructor(opts: IngridClientOptions) {
    this.http = new JsonHttpClient({
      provider: 'ingrid',
      baseUrl: opts.baseUrl,
      timeoutMs: opts.timeoutMs ?? 10_000,
      headers: { authorization: `Bearer ${opts.siteToken}` },
      describeError,
    });
  }

  async get<T>(path: string, query: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    return (await this.http.call('GET', `${path}?${new URLSearchParams(query)}`, schema)).data;
  }

  async post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    return (await this.http.call('POST', path, schema, body)).data;
  }
}

function describeError(body: unknown): { code: string | null; message: string | null } {
  const parsed = errorAnswer.safeParse(body);
  return parsed.success
    ? { code: null, message: `${parsed.data.error}${parsed.data.trace_id ? ` (trace ${parsed.data.trace_id})` : ''}` }
    : { code: null, message: null };
}
