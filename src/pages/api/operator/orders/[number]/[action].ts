/**
 * POST /api/operator/orders/{number}/{pick|ship|deliver} (docs/product/api.md#operator-orders): staff move an
 * order along. Bearer PARTSFRONT_OPERATOR_TOKEN; ?locale=&sid= of the order's storefront; a zod-validated body
 * (ship may name a manual tracking number, deliver a delivery time) → `{ order }` as it is now.
 */
import type { APIRoute } from 'astro';
import { OPERATOR_ACTIONS, OPERATOR_REQUEST_SCHEMAS, type OperatorAction } from '#lib/api/operator-contracts.ts';
import { parseOrderNumber } from '#lib/orders/order-number.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireOperator } from '#server/fulfilment/operator-auth.ts';
import { runOperatorAction } from '#server/fulfilment/operator-actions.ts';
import { operatorView } from '#server/fulfilment/operator-view.ts';
import { readOrder } from '#server/orders/order-record.ts';

export const prerender = false;

const isAction = (a: string | undefined): a is OperatorAction => (OPERATOR_ACTIONS as readonly string[]).includes(a ?? '');

export const POST: APIRoute = endpoint(async ({ request, url, params }) => {
  requireOperator(request);
  const { locale } = requireStore(url);
  const action = params.action;
  if (!isAction(action)) throw new NotFoundError('no such operator action (pick, ship or deliver)');
  // An empty body is an empty object: pick and deliver need nothing.
  const raw = request.headers.get('content-length') === '0' || !request.body ? {} : await readJsonBody(request, 2048);
  const body = validate(OPERATOR_REQUEST_SCHEMAS[action], raw);
  const parsed = parseOrderNumber(params.number ?? '');
  const db = getDb();
  // An order of another storefront is not found here: the storefront of the call is the order's.
  const order = parsed.ok ? await readOrder(db, parsed.orderNumber) : undefined;
  if (!order || order.locale !== locale) throw new NotFoundError(`no order ${params.number ?? ''} in this storefront`);
  return json({ order: operatorView(await runOperatorAction(db, action, order.number, body)) });
});

export const ALL = methodNotAllowed(['POST']);
