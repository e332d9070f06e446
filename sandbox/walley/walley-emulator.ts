/**
 * Walley emulator, mounted at /walley: the token endpoint, Checkout API (/checkouts) and Management
 * API (/manage/orders) with Bearer tokens, the checkout page at /walley/checkout-page/{publicToken},
 * controls under /walley/_sandbox/…. Point the adapter's baseUrl at http://HOST:PORT/walley.
 * `X-idempotency` replays Management API POSTs.
 */
import type { IncomingMessage } from 'node:http';
import type { Emulator, EmulatorOptions } from '../shared/emulator-module.ts';
import { FaultState } from '../shared/faults.ts';
import { notFound as notFoundPage, parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { IdempotencyStore } from '../shared/idempotency-store.ts';
import { Notifier } from '../shared/notifier.ts';
import { handleControl } from '../shared/sandbox-controls.ts';
import { handleCheckoutPage } from './walley-checkout-page.ts';
import { initializeCheckout, issueToken, readCheckout } from './walley-checkout-api.ts';
import type { WalleyContext } from './walley-context.ts';
import { notFound, serverFault, unauthorized, walleyError } from './walley-errors.ts';
import { manageOrder, readOrder, type ManageAction } from './walley-manage-api.ts';
import { WalleyStore } from './walley-store.ts';

const PREFIX = '/walley';

export function createEmulator(_opts: EmulatorOptions): Emulator {
  const faults = new FaultState();
  const notifier = new Notifier(() => faults.current);
  const idempotency = new IdempotencyStore();
  const ctx: WalleyContext = { store: new WalleyStore(), notifier, tokens: new Map() };
  const controls = {
    faults,
    notifier,
    reset: () => {
      ctx.store = new WalleyStore();
      ctx.tokens.clear();
      idempotency.clear();
    },
  };
  return {
    prefix: PREFIX,
    async handle(req, res, url) {
      const path = url.pathname.slice(PREFIX.length) || '/';
      if (path.startsWith('/_sandbox/')) return handleControl(req, res, path.slice('/_sandbox/'.length), controls);
      const page = /^\/checkout-page\/([^/]+)$/.exec(path);
      if (page) return handleCheckoutPage(ctx, req, res, decodeURIComponent(page[1]!));
      if (path === '/oauth2/v2.0/token' || path.startsWith('/checkouts') || path.startsWith('/manage/')) {
        return writeAnswer(res, await api(ctx, faults, idempotency, req, path));
      }
      notFoundPage(res);
    },
    close: () => notifier.close(),
  };
}

async function api(
  ctx: WalleyContext,
  faults: FaultState,
  idempotency: IdempotencyStore,
  req: IncomingMessage,
  path: string,
): Promise<ApiAnswer> {
  const text = await readBody(req);
  if (await faults.beforeApiCall()) return serverFault();
  if (path === '/oauth2/v2.0/token') return req.method === 'POST' ? issueToken(ctx, new URLSearchParams(text)) : notFound('use POST');
  if (!authorized(ctx, req.headers.authorization)) return unauthorized();
  const json = parseJsonBody(text);
  if (!json.ok) return walleyError(400, 'Bad request', [{ reason: 'Validation_Error', message: `Malformed JSON: ${json.error}` }]);
  const m = (re: RegExp): string[] | null => re.exec(path)?.slice(1).map(decodeURIComponent) ?? null;
  let p: string[] | null;
  if (req.method === 'POST' && path === '/checkouts') return initializeCheckout(ctx, json.value);
  if (req.method === 'GET' && (p = m(/^\/checkouts\/([^/]+)$/))) return readCheckout(ctx, p[0]!);
  if (req.method === 'GET' && (p = m(/^\/manage\/orders\/([^/]+)$/))) return readOrder(ctx, p[0]!);
  if (req.method === 'POST' && (p = m(/^\/manage\/orders\/([^/]+)\/(capture|cancel|refund)$/))) {
    const [orderId, action] = [p[0]!, p[1] as ManageAction];
    const key = [req.headers['x-idempotency']].flat()[0];
    return idempotency.run(key, path, () => manageOrder(ctx, orderId, action, json.value));
  }
  return notFound(`${req.method} ${path} is not emulated`);
}

function authorized(ctx: WalleyContext, header: string | undefined): boolean {
  const value = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  const until = value ? ctx.tokens.get(value) : undefined;
  return until !== undefined && until > Date.now();
}
