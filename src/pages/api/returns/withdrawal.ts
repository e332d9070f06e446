/**
 * /api/returns/withdrawal (docs/product/api.md#returns, docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a):
 * POST {order_number} withdraws from an order that has not been shipped: cancelled, payment voided or refunded
 * once, stock back, acknowledged by e-mail (200, also on a repeat). Shipped orders are withdrawn with
 * /api/returns; business orders keep the return policy (409 return_not_allowed).
 */
import type { APIRoute } from 'astro';
import { withdrawalCancelSchema, type WithdrawalCancelView } from '#lib/api/return-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { orderForReturns } from '#server/returns/order-access.ts';
import { cancelByWithdrawal } from '#server/returns/withdraw-before-shipping.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const body = validate(withdrawalCancelSchema, await readJsonBody(request, 1_024));
  const db = getDb();
  const { order, by, hasAccount } = await orderForReturns(db, locale, request, cookies, body.order_number);
  const done = await cancelByWithdrawal(db, order, by, hasAccount);
  const view: WithdrawalCancelView = { order_number: done.orderNumber, status: 'cancelled', withdrawn_at: done.withdrawnAt };
  return json(view);
});

export const ALL = methodNotAllowed(['POST']);
