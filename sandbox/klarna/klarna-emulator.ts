/**
 * Klarna emulator, mounted at /klarna: Payments v1, Hosted Payment Page v1 and Order Management v1
 * under /klarna/{payments,hpp,ordermanagement}/…, the payment page at /klarna/pay/{id}, controls under
 * /klarna/_sandbox/… (faults, reset, notifications, expire). Point the adapter's baseUrl at
 * http://HOST:PORT/klarna. HTTP Basic auth; Klarna-Idempotency-Key replays on POST.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Emulator, EmulatorOptions } from '../shared/emulator-module.ts';
import { FaultState } from '../shared/faults.ts';
import { notFound as notFoundPage, parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { IdempotencyStore } from '../shared/idempotency-store.ts';
import { Notifier } from '../shared/notifier.ts';
import { handleControl } from '../shared/sandbox-controls.ts';
import { createHppSession, disableHppSession, readHppSession } from './hpp-api.ts';
import { handlePaymentPage } from './hpp-pages.ts';
import { malformedJson, notFound, serverFault, unauthorized } from './klarna-errors.ts';
import { newStore, type KlarnaContext } from './klarna-state.ts';
import { KLARNA_SANDBOX } from './klarna-test-data.ts';
import { orderApi, type OrderAction } from './order-management-api.ts';
import { cancelAuthorization, createOrder, createPaymentSession, readPaymentSession } from './payments-api.ts';

const expireInput = z.strictObject({ sessionId: z.string().optional() });
const BASIC = `Basic ${Buffer.from(`${KLARNA_SANDBOX.username}:${KLARNA_SANDBOX.password}`).toString('base64')}`;

export function createEmulator(opts: EmulatorOptions): Emulator {
  const faults = new FaultState();
  const notifier = new Notifier(() => faults.current);
  const idempotency = new IdempotencyStore();
  const publicBaseUrl = opts.publicBaseUrl.replace(/\/+$/, '');
  const ctx: KlarnaContext = { store: newStore(), notifier, publicBaseUrl, apiBase: `${publicBaseUrl}/klarna` };
  const controls = {
    faults,
    notifier,
    reset: () => {
      ctx.store = newStore();
      idempotency.clear();
    },
    extra: {
      /** Expires one HPP session (or all): reads answer 404, the page says expired. */
      expire(body: unknown): ApiAnswer {
        const input = expireInput.safeParse(body);
        if (!input.success) return { status: 400, body: { error: 'send { "sessionId"?: string }' } };
        for (const s of ctx.store.hpp.values()) if (!input.data.sessionId || s.id === input.data.sessionId) s.expiresAt = Date.now() - 1;
        return { status: 200, body: { expired: true } };
      },
    },
  };
  return {
    prefix: '/klarna',
    async handle(req, res, url) {
      const path = url.pathname.slice('/klarna'.length) || '/';
      if (path.startsWith('/_sandbox/')) return handleControl(req, res, path.slice('/_sandbox/'.length), controls);
      if (path.startsWith('/pay/')) return handlePaymentPage(ctx, req, res, path);
      if (/^\/(payments|hpp|ordermanagement)\//.test(path)) return writeAnswer(res, await api(ctx, faults, idempotency, req, path));
      notFoundPage(res);
    },
    close: () => notifier.close(),
  };
}

async function api(
  ctx: KlarnaContext,
  faults: FaultState,
  idempotency: IdempotencyStore,
  req: IncomingMessage,
  path: string,
): Promise<ApiAnswer> {
  const text = await readBody(req);
  if (await faults.beforeApiCall()) return serverFault();
  if (req.headers.authorization !== BASIC) return unauthorized();
  const json = parseJsonBody(text);
  if (!json.ok) return malformedJson(json.error);
  const key = [req.headers['klarna-idempotency-key']].flat()[0];
  const post = (run: () => ApiAnswer): Promise<ApiAnswer> => idempotency.run(key, path, run);
  const m = (re: RegExp): string[] | null => re.exec(path)?.slice(1).map(decodeURIComponent) ?? null;
  const method = req.method;
  let p: string[] | null;
  if (method === 'POST' && path === '/payments/v1/sessions') return post(() => createPaymentSession(ctx, json.value));
  if (method === 'GET' && (p = m(/^\/payments\/v1\/sessions\/([^/]+)$/))) return readPaymentSession(ctx, p[0]!);
  if (method === 'POST' && (p = m(/^\/payments\/v1\/authorizations\/([^/]+)\/order$/))) {
    const token = p[0]!;
    return post(() => createOrder(ctx, token, json.value));
  }
  if (method === 'DELETE' && (p = m(/^\/payments\/v1\/authorizations\/([^/]+)$/))) return cancelAuthorization(ctx, p[0]!);
  if (method === 'POST' && path === '/hpp/v1/sessions') return post(() => createHppSession(ctx, json.value));
  if (method === 'GET' && (p = m(/^\/hpp\/v1\/sessions\/([^/]+)$/))) return readHppSession(ctx, p[0]!);
  if (method === 'DELETE' && (p = m(/^\/hpp\/v1\/sessions\/([^/]+)$/))) return disableHppSession(ctx, p[0]!);
  if (method === 'GET' && (p = m(/^\/ordermanagement\/v1\/orders\/([^/]+)$/))) return orderApi(ctx, p[0]!, 'read', undefined);
  if (method === 'POST' && (p = m(/^\/ordermanagement\/v1\/orders\/([^/]+)\/(captures|refunds|cancel)$/))) {
    const [orderId, action] = [p[0]!, p[1] as OrderAction];
    return post(() => orderApi(ctx, orderId, action, json.value));
  }
  return notFound(`${method} ${path} is not emulated`);
}
