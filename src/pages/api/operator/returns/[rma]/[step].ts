/**
 * POST /api/operator/returns/{rma}/{approve|reject|receive|refund} (docs/product/api.md#operator-returns): staff
 * handle a return. Bearer PARTSFRONT_OPERATOR_TOKEN; ?locale=&sid= of the order's storefront → `{ return }`.
 */
import type { APIRoute } from 'astro';
import { RETURN_STEPS, type ReturnStep } from '#lib/api/return-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, requireStore } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireOperator } from '#server/fulfilment/operator-auth.ts';
import { readOrder } from '#server/orders/order-record.ts';
import { readReturn, returnView } from '#server/returns/return-record.ts';
import { runReturnStep } from '#server/returns/return-steps.ts';

export const prerender = false;

const isStep = (s: string | undefined): s is ReturnStep => (RETURN_STEPS as readonly string[]).includes(s ?? '');

export const POST: APIRoute = endpoint(async ({ request, url, params }) => {
  requireOperator(request);
  const { locale } = requireStore(url);
  if (!isStep(params.step)) throw new NotFoundError('no such return step (approve, reject, receive or refund)');
  const db = getDb();
  const found = await readReturn(db, params.rma ?? '');
  const order = found && (await readOrder(db, found.orderNumber));
  if (!found || !order || order.locale !== locale) throw new NotFoundError(`no return ${params.rma ?? ''} in this storefront`);
  return json({ return: returnView(await runReturnStep(db, found.rma, params.step), order.details.lines) });
});

export const ALL = methodNotAllowed(['POST']);
