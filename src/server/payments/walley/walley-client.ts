/**
 * HTTP to Walley on the shared JsonHttpClient, plus Walley's OAuth2 client-credentials token:
 * cached until a minute before expiry, and fetched afresh once when an API call answers 401.
 */
import type { z } from 'zod';
import { JsonHttpClient, ProviderRequestError, type HttpMethod } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { errorAnswer, tokenAnswer } from './walley-schemas.ts';

export interface WalleyClientOptions {
  /** API host, e.g. https://api.uat.walleydev.com (the emulator: http://127.0.0.1:PORT/walley). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Constant per environment (UAT: 705798e0-8cef-427c-ae00-6023deba29af/.default). */
  scope: string;
  timeoutMs?: number;
}

export class WalleyClient {
  private readonly opts: WalleyClientOptions;
  private readonly http: JsonHttpClient;
  private token: { value: string; until: number } | null = null;

  constructor(opts: WalleyClientOptions) {
    this.opts = opts;
    this.http = new JsonHttpClient({
      provider: 'walley',
      baseUrl: opts.baseUrl,
      timeoutMs: opts.timeoutMs ?? 10_000,
      headers: {},
      describeError,
    });
  }

  /** A call whose 2xx answer carries a body, validated by `schema`. */
  async call<T>(method: HttpMethod, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    return (await this.authorized((auth) => this.http.call(method, path, schema, body, auth))).data;
  }

  /** A Management API command (capture, cancel, refund): 202 Accepted without a body. */
  async command(path: string, body: unknown, headers: Record<string, string>): Promise<void> {
    await this.authorized((auth) => this.http.send('POST', path, body, { ...headers, ...auth }));
  }

  private async authorized<R>(run: (auth: Record<string, string>) => Promise<R>): Promise<R> {
    try {
      return await run({ authorization: await this.bearer() });
    } catch (error) {
      if (!(error instanceof ProviderRequestError) || error.status !== 401) throw error;
      this.token = null; // expired or revoked: one fresh token, then give up
      return run({ authorization: await this.bearer() });
    }
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const { clientId, clientSecret, scope } = this.opts;
    const form = new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope });
    const answer = await this.tokenRequest(form);
    // Renew a minute early so a token never expires between check and use.
    this.token = { value: `Bearer ${answer.access_token}`, until: Date.now() + (answer.expires_in - 60) * 1000 };
    return this.token.value;
  }

  /** The token endpoint takes a form, not JSON, so it bypasses JsonHttpClient (same error rules). */
  private async tokenRequest(form: URLSearchParams): Promise<z.infer<typeof tokenAnswer>> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.opts.baseUrl}/oauth2/v2.0/token`, {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderUnavailable('walley', `token request failed: ${(error as Error).message}`);
    }
    if (response.status >= 500 || response.status === 429)
      throw new ProviderUnavailable('walley', `token request answered ${response.status}`);
    if (response.status >= 400)
      throw new ProviderRequestError(
        'walley',
        response.status,
        'invalid_client',
        `walley refused the API credentials (${response.status})`,
        text,
      );
    const parsed = tokenAnswer.safeParse(safeJson(text));
    if (!parsed.success) throw new ProviderUnavailable('walley', 'malformed token answer');
    return parsed.data;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** { error: { code, message, errors: [{ reason, message }] } } → the reason of the first error. */
function describeError(body: unknown): { code: string | null; message: string | null } {
  const parsed = errorAnswer.safeParse(body);
  if (!parsed.success) return { code: null, message: null };
  const { message, errors } = parsed.data.error;
  const details = (errors ?? [])
    .map((e) => e.message ?? e.reason)
    .filter(Boolean)
    .join('; ');
  return { code: errors?.[0]?.reason ?? null, message: `${message ?? ''}${details ? ` (${details})` : ''}` || null };
}
