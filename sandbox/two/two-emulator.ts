/**
 * Two emulator, mounted at /two: the Order API under /two/v1/order…, the verification page behind
 * `payment_url` at /two/checkout/{orderId}, Two's sandbox helper POST /two/test/verify_order/{id},
 * controls under /two/_sandbox/…. Point the adapter's baseUrl at http://HOST:PORT/two.
 * `X-API-Key` auth; `Idempotency-Key` replays POSTs.
 */
import type { IncomingMessage } from 'node:http';
import type { Emulator, EmulatorOptions } from '../shared/emulator-module.ts';
import { FaultState } from '../shared/faults.ts';
import { notFound as notFoundPage, parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { IdempotencyStore } from '../shared/idempotency-store.ts';
import { Notifier } from '../shared/notifier.ts';
import { handleControl } from '../shared/sandbox-controls.ts';
import { notFound, serverFault, twoError, unauthorized } from './two-errors.ts';
import { createOrder, orderAction, readOrder, type OrderAction, type TwoContext } from './two-order-api.ts';
import { TwoStore } from './two-store.ts';
import { TWO_API_KEY } from './two-test-data.ts';
import { handleVerifyPage } from './two-verify-page.ts';

const PREFIX = '/two';

export function createEmulator(opts: EmulatorOptions): Emulator {
  const faults = new FaultState();
  const notifier = new Notifier(() => faults.current);
  const idempotency = new IdempotencyStore();
  const ctx: TwoContext = { store: new TwoStore(), notifier, publicBase: `${opts.publicBaseUrl.replace(/\/+$/, '')}${PREFIX}` };
  const controls = {
    faults,
    notifier,
    reset: () => {
      ctx.store = new TwoStore();
      idempotency.clear();
    },
  };
  return {
    prefix: PREFIX,
    async handle(req, res, url) {
      const path = url.pathname.slice(PREFIX.length) || '/';
      if (path.startsWith('/_sandbox/')) return handleControl(req, res, path.slice('/_sandbox/'.length), controls);
      const page = /^\/checkout\/([^/]+)$/.exec(path);
      if (page) return handleVerifyPage(ctx, req, res, decodeURIComponent(page[1]!));
      if (path.startsWith('/v1/') || path.startsWith('/test/')) return writeAnswer(res, await api(ctx, faults, idempotency, req, path));
      notFoundPage(res);
    },
    close: () => notifier.close(),
  };
}

async function api(
  ctx: TwoContext,
  faults: FaultState,
  idempotency: IdempotencyStore,
  req: IncomingMessage,
  path: string,
): Promise<ApiAnswer> {
  const text = await readBody(req);
  if (await faults.beforeApiCall()) return serverFault();
  if (req.headers['x-api-key'] !== TWO_API_KEY) return unauthorized();
  const json = parseJsonBody(text);
  if (!json.ok) return twoError(400, 'JSON_DECODE_ERROR', `Malformed JSON: ${json.error}`);
  const key = [req.headers['idempotency-key']].flat()[0];
  const m = (re: RegExp): string[] | null => re.exec(path)?.slice(1).map(decodeURIComponent) ?? null;
  let p: string[] | null;
  if (req.method === 'POST' && path === '/v1/order') return idempotency.run(key, path, () => createOrder(ctx, json.value));
  if (req.method === 'GET' && (p = m(/^\/v1\/order\/([^/]+)$/))) return readOrder(ctx, p[0]!);
  if (req.method === 'POST' && (p = m(/^\/v1\/order\/([^/]+)\/(confirm|fulfilled|fulfillments|cancel|refund)$/))) {
    const [id, name] = [p[0]!, p[1]!];
    const action = (name === 'fulfillments' ? 'fulfilled' : name) as OrderAction; // the newer name of the same call
    return idempotency.run(key, path, () => orderAction(ctx, id, action, json.value));
  }
  if (req.method === 'POST' && (p = m(/^\/test\/verify_order\/([^/]+)$/))) return orderAction(ctx, p[0]!, 'verify', undefined);
  return notFound(`${req.method} ${path} is not emulated`);
}
