/**
 * The JSON-over-HTTP plumbing provider adapters share: fetch with a per-call timeout, and one error
 * rule: network failure, timeout, 429 or 5xx → ProviderUnavailable (retryable); any other 4xx →
 * ProviderRequestError carrying the provider's own error code. Only GET and DELETE are retried here;
 * a POST is never repeated automatically (callers send an idempotency key so *they* may retry it).
 */
import type { z } from 'zod';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { observeProviderCall } from '#server/telemetry/metrics.ts';

/** A 4xx answer: the request was wrong (or not allowed) and repeating it will not help. */
export class ProviderRequestError extends Error {
  readonly provider: string;
  readonly status: number;
  /** The provider's error code (Adyen `errorCode`, Klarna `error_code`), when the body had one. */
  readonly code: string | null;
  readonly body: unknown;
  constructor(provider: string, status: number, code: string | null, message: string, body: unknown) {
    super(message);
    this.provider = provider;
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export interface JsonClientOptions {
  provider: string;
  baseUrl: string;
  timeoutMs: number;
  /** Headers every call carries (authentication). */
  headers: Record<string, string>;
  /** Pulls the provider's error code and message out of an error body. */
  describeError(body: unknown): { code: string | null; message: string | null };
  /** Extra attempts for GET/DELETE after a ProviderUnavailable; default 1. */
  safeRetries?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'PATCH';

export interface JsonAnswer<T> {
  status: number;
  headers: Headers;
  data: T;
}

export class JsonHttpClient {
  private readonly opts: JsonClientOptions;

  constructor(opts: JsonClientOptions) {
    this.opts = opts;
  }

  /** A call whose 2xx answer carries JSON validated by `schema` (an unexpected shape is the provider's fault). */
  async call<T>(
    method: HttpMethod,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonAnswer<T>> {
    const answer = await this.send(method, path, body, headers);
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) {
      throw new ProviderUnavailable(
        this.opts.provider,
        `unexpected answer to ${method} ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    return { status: answer.status, headers: answer.headers, data: parsed.data };
  }

  /** A call whose answer body (often empty: 201/204) does not matter, only its success. */
  async send(
    method: HttpMethod,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: Headers; json: unknown }> {
    const attempts = method === 'GET' || method === 'DELETE' ? 1 + (this.opts.safeRetries ?? 1) : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(method, path, body, headers);
      } catch (error) {
        if (!(error instanceof ProviderUnavailable) || attempt >= attempts) throw error;
      }
    }
  }

  /** One attempt, counted and timed by provider and outcome (docs/product/logs-and-metrics.md#metrics). */
  private async once(
    method: HttpMethod,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; json: unknown }> {
    const seen = { timedOut: false };
    return observeProviderCall(
      this.opts.provider,
      () => this.attempt(method, path, body, headers, seen),
      (error) => (error instanceof ProviderRequestError ? 'rejected' : seen.timedOut ? 'timeout' : 'unavailable'),
    );
  }

  private async attempt(
    method: HttpMethod,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    seen: { timedOut: boolean },
  ): Promise<{ status: number; headers: Headers; json: unknown }> {
    const { provider } = this.opts;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.opts.baseUrl + path, {
        method,
        body: payload,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...this.opts.headers,
          ...headers,
        },
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      text = await response.text(); // inside the try: the timeout also covers a body that never ends
    } catch (error) {
      seen.timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = seen.timedOut ? `timed out after ${this.opts.timeoutMs} ms` : `failed: ${errorMessage(error)}`;
      throw new ProviderUnavailable(provider, `${method} ${path} ${reason}`);
    }
    const json = parseJson(text);
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailable(provider, `${method} ${path} answered ${response.status}`);
    }
    if (response.status >= 400) {
      const { code, message } = this.opts.describeError(json);
      throw new ProviderRequestError(
        provider,
        response.status,
        code,
        `${provider} answered ${response.status} to ${method} ${path}${code ? ` (${code})` : ''}${message ? `: ${message}` : ''}`,
        json,
      );
    }
    return { status: response.status, headers: response.headers, json };
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici hides the socket error (ECONNREFUSED …) in `cause`.
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
