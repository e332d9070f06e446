/**
 * /api/returns/withdrawal (docs/product/api.md#returns, docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a):
 * POST {order_number} withdraws from the whole order. Not shipped yet: cancelled, payment voided or refunded
 * once, stock back (status "cancelled"). Shipped, delivered or not: one return of all that is left, approved at
 * once (status and rma of the return). Acknowledged by e-mail; 200, also on a repeat (the same answer).
 * Business orders keep the return policy (409 return_not_allowed).
 */
import type { APIRoute } from 'astro';
import { withdrawalCancelSchema, type WithdrawalView } from '#lib/api/return-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { orderForReturns } from '#server/returns/order-access.ts';
import { cancelByWithdrawal } from '#server/returns/withdraw-before-shipping.ts';
import { withdrawByReturn } from '#server/returns/withdraw-after-shipping.ts';
import { withdrawalPeriodOf } from '#server/returns/withdrawal-of-order.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const body = validate(withdrawalCancelSchema, await readJsonBody(request, 1_024));
  const db = getDb();
  const { order, by, hasAccount } = await orderForReturns(db, locale, request, cookies, body.order_number);
  const period = withdrawalPeriodOf(order, new Date());
  // Shipped: the goods come back. A repeat after the period ended still answers the return made in it.
  if ((period.open && period.path === 'return') || (!period.open && period.reason === 'expired')) {
    const r = await withdrawByReturn(db, order, by, hasAccount);
    const view: WithdrawalView = { order_number: order.number, status: r.status, rma: r.rma, withdrawn_at: r.created_at };
    return json(view);
  }
  const done = await cancelByWithdrawal(db, order, by, hasAccount);
  const view: WithdrawalView = { order_number: done.orderNumber, status: 'cancelled', withdrawn_at: done.withdrawnAt };
  return json(view);
});

export const ALL = methodNotAllowed(['POST']);
