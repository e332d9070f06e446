/**
 * HTTP to the Two Order API on the shared JsonHttpClient: `X-API-Key` auth; Two's ErrorResponse
 * (error_code, error_message, error_json[{ loc, msg }]) becomes the ProviderRequestError's code/message.
 */
import type { z } from 'zod';
import { JsonHttpClient } from '#server/providers/http-client.ts';
import { errorAnswer } from './two-schemas.ts';

export interface TwoClientOptions {
  /** https://api.sandbox.two.inc or https://api.two.inc (the emulator: http://127.0.0.1:PORT/two). */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

export class TwoClient {
  private readonly http: JsonHttpClient;

  constructor(opts: TwoClientOptions) {
    this.http = new JsonHttpClient({
      provider: 'two',
      baseUrl: opts.baseUrl,
      timeoutMs: opts.timeoutMs ?? 10_000,
      headers: { 'x-api-key': opts.apiKey },
      describeError,
    });
  }

  /** A call whose 2xx answer is validated by `schema`. */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    return (await this.http.call(method, path, schema, body, headers)).data;
  }

  /** A call whose answer body does not matter (fulfil, cancel: 200 or 202). */
  async send(path: string, headers: Record<string, string> = {}): Promise<void> {
    await this.http.send('POST', path, undefined, headers);
  }
}

function describeError(body: unknown): { code: string | null; message: string | null } {
  const parsed = errorAnswer.safeParse(body);
  if (!parsed.success) return { code: null, message: null };
  const e = parsed.data;
  const fields = (e.error_json ?? []).map((j) => `${(j.loc ?? []).join('.')}: ${j.msg ?? ''}`).join('; ');
  return { code: e.error_code ?? null, message: `${e.error_message ?? ''}${fields ? ` (${fields})` : ''}` || null };
}
