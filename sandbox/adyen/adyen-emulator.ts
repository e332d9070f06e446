/**
 * Adyen Checkout API v71 emulator, mounted at /adyen: the API under /adyen/v71/…, Hosted Checkout
 * pages under /adyen/checkoutshopper/…, controls under /adyen/_sandbox/… (faults, reset,
 * notifications, plus `webhook` — the Customer Area webhook URL — and `expire`).
 * Point the adapter's baseUrl at http://HOST:PORT/adyen.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Emulator, EmulatorOptions } from '../shared/emulator-module.ts';
import { FaultState } from '../shared/faults.ts';
import { notFound, parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { IdempotencyStore } from '../shared/idempotency-store.ts';
import { Notifier } from '../shared/notifier.ts';
import { handleControl, type ControlContext } from '../shared/sandbox-controls.ts';
import { adyenError, malformedJson, serverFault, unauthorized } from './adyen-errors.ts';
import { newStore, type AdyenContext } from './adyen-state.ts';
import { ADYEN_SANDBOX } from './adyen-test-data.ts';
import { handleHostedPage } from './hosted-pages.ts';
import { modify, type Modification } from './modifications-api.ts';
import { expireSessions } from './payment-outcome.ts';
import { createSession, readSession } from './sessions-api.ts';

const webhookInput = z.strictObject({ url: z.union([z.literal(''), z.string().refine((u) => URL.canParse(u), 'not a URL')]) });
const expireInput = z.strictObject({ sessionId: z.string().optional() });

export function createEmulator(opts: EmulatorOptions): Emulator {
  const faults = new FaultState();
  const notifier = new Notifier(() => faults.current);
  const idempotency = new IdempotencyStore();
  const ctx: AdyenContext = {
    store: newStore(ADYEN_SANDBOX.webhookUrl),
    notifier,
    publicBaseUrl: opts.publicBaseUrl.replace(/\/+$/, ''),
    hmacKeyHex: ADYEN_SANDBOX.hmacKeyHex,
  };
  // Sessions expire on their own, as at Adyen (reads and pages also check on the spot).
  const expiry = setInterval(() => expireSessions(ctx, Date.now()), 1000);
  expiry.unref();

  const controls: ControlContext = {
    faults,
    notifier,
    reset: () => {
      ctx.store = newStore(ctx.store.webhookUrl);
      idempotency.clear();
    }, // the webhook URL is account configuration: kept
    extra: {
      webhook(body) {
        const input = webhookInput.safeParse(body);
        if (!input.success) return { status: 400, body: { error: 'send { "url": "http://…" } (or "" to stop sending)' } };
        ctx.store.webhookUrl = input.data.url;
        return { status: 200, body: { url: ctx.store.webhookUrl } };
      },
      expire(body) {
        const input = expireInput.safeParse(body);
        if (!input.success) return { status: 400, body: { error: 'send { "sessionId"?: string }' } };
        for (const s of ctx.store.sessions.values())
          if (!input.data.sessionId || s.id === input.data.sessionId) s.expiresAt = Math.min(s.expiresAt, Date.now());
        expireSessions(ctx, Date.now());
        return { status: 200, body: { expired: true } };
      },
    },
  };

  return {
    prefix: '/adyen',
    async handle(req, res, url) {
      const path = url.pathname.slice('/adyen'.length) || '/';
      if (path.startsWith('/_sandbox/')) return handleControl(req, res, path.slice('/_sandbox/'.length), controls);
      if (path.startsWith('/checkoutshopper/')) return handleHostedPage(ctx, req, res, path, url);
      if (path.startsWith('/v71/')) return writeAnswer(res, await api(ctx, faults, idempotency, req, path.slice('/v71'.length), url));
      notFound(res);
    },
    close() {
      clearInterval(expiry);
      notifier.close();
    },
  };
}

async function api(
  ctx: AdyenContext,
  faults: FaultState,
  idempotency: IdempotencyStore,
  req: IncomingMessage,
  path: string,
  url: URL,
): Promise<ApiAnswer> {
  const text = await readBody(req);
  if (await faults.beforeApiCall()) return serverFault();
  if (req.headers['x-api-key'] !== ADYEN_SANDBOX.apiKey) return unauthorized();
  const json = parseJsonBody(text);
  if (!json.ok) return malformedJson(json.error);
  const merchant = ADYEN_SANDBOX.merchantAccount;
  const key = header(req, 'idempotency-key');
  if (req.method === 'POST' && path === '/sessions') return idempotency.run(key, path, () => createSession(ctx, json.value, merchant));
  const read = /^\/sessions\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && read) return readSession(ctx, decodeURIComponent(read[1]!), url.searchParams.get('sessionResult'));
  const mod = /^\/payments\/([^/]+)\/(captures|cancels|refunds)$/.exec(path);
  if (req.method === 'POST' && mod)
    return idempotency.run(key, path, () => modify(ctx, decodeURIComponent(mod[1]!), mod[2] as Modification, json.value, merchant));
  return adyenError(404, 'SANDBOX_NOT_FOUND', `${req.method} /v71${path} is not emulated`, 'configuration');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
