/**
 * Returns and the right of withdrawal (docs/product/returns.md) against the real server and sandbox, on SQLite
 * and PostgreSQL: who may return what (IDOR), the periods counted from delivery, quantity limits, refunds
 * exactly once through the provider that took the money, and the e-mails.
 */
import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { returnOptionsSchema, returnViewSchema, type ReturnView } from '#lib/api/return-contracts.ts';
import { request, postJson, type TestResponse } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { operatorCommand } from '#server/cli/operator-command.ts';
import { api, postReturnPage } from './api-support.ts';
import { guestCookies } from './account-session.ts';
import { deliveries, inStock, until, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-90, -70) }, sandbox: ['adyen'] });
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const DAY_MS = 86_400_000;

const errorOf = (r: TestResponse) => apiErrorSchema.parse(r.json()).error;

function operator(path: string, body: object = {}, locale: LocaleCode = 'sv') {
  return request(api(`/api/operator/${path}`, locale), { method: 'POST', headers: AUTH, body: JSON.stringify(body) });
}
async function operator200(path: string, body: object = {}): Promise<unknown> {
  const r = await operator(path, body);
  expect(r.status, r.body).toBe(200);
  return r.json();
}

/** A delivered order (picked, shipped, delivered `daysAgo` days ago) and the guest's cookies for it. */
async function deliveredOrder(
  method: 'invoice' | 'card' | 'invoice-business' = 'invoice',
  opts: { quantity?: number; daysAgo?: number; deliver?: boolean } = {},
): Promise<{ number: string; cookie: string; total: number; shipping: number }> {
  const { v, customer, number } = await shop.guestOrder(method, opts.quantity ?? 3);
  if (opts.deliver !== false) {
    await operator200(`orders/${number}/pick`);
    await operator200(`orders/${number}/ship`);
    await operator200(`orders/${number}/deliver`);
    // Time passes: the delivery is moved back as if it were made `daysAgo` days ago (the operator can only
    // record a delivery after the shipping).
    if (opts.daysAgo) {
      const at = new Date(Date.now() - opts.daysAgo * DAY_MS).toISOString();
      await shop.h.db.updateTable('orders').set({ delivered_at: at }).where('id', '=', number).execute();
    }
  }
  return { number, cookie: await guestCookies(number, customer.email), total: v.totals.total_minor, shipping: v.totals.shipping_minor };
}

const options = (number: string, cookie: string) => request(api(`/api/returns?order_number=${number}`), { headers: { cookie } });
const ask = (cookie: string, body: object) => postJson(api('/api/returns'), body, { cookie });
async function asked(cookie: string, body: object): Promise<ReturnView> {
  const r = await ask(cookie, body);
  expect(r.status, r.body).toBe(201);
  return returnViewSchema.parse(r.json<{ return: unknown }>().return);
}
const mailsOf = (rma: string) =>
  shop.h.db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'text_body', 'recipient'])
    .where('dedupe_key', 'like', `%:${rma}`)
    .execute();
const paymentOf = async (number: string) =>
  (await shop.h.db.selectFrom('orders').select('payment_status').where('id', '=', number).executeTakeFirstOrThrow()).payment_status;

describe('withdrawal (consumer, within 14 days)', () => {
  it('the whole order: approved at once, refund = goods + delivery, acknowledged by e-mail, nothing left to return', async () => {
    const { number, cookie, total } = await deliveredOrder('invoice', { quantity: 2 });
    const opts = returnOptionsSchema.parse((await options(number, cookie)).json());
    expect(opts.windows.withdrawal).toMatchObject({ open: true, closed_because: null });
    expect(opts.windows.withdrawal.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(opts.lines).toEqual([expect.objectContaining({ line: 0, quantity: 2, returnable: 2 })]);
    const r = await asked(cookie, { order_number: number, kind: 'withdrawal', lines: [{ line: 0, sku: opts.lines[0]!.sku, quantity: 2 }] });
    expect(r).toMatchObject({ kind: 'withdrawal', status: 'approved', rma: `RMA-${number}-1` });
    expect(r.refund.total_minor).toBe(total); // goods and the standard delivery
    // prepaid with the carrier that delivered it: eel books the return code
    const shipped = await shop.h.db
      .selectFrom('order_shipments')
      .select('carrier')
      .where('order_id', '=', number)
      .executeTakeFirstOrThrow();
    expect(r.return_shipment).toMatchObject({ carrier: shipped.carrier, code: expect.stringMatching(/^EELR[A-Z0-9]+$/) });
    const [mail] = await mailsOf(r.rma);
    expect(mail).toMatchObject({ kind: 'withdrawal_acknowledgement' });
    expect(mail!.subject).toContain(r.rma);
    expect(mail!.text_body).toContain(r.rma);
    expect(mail!.text_body).toContain(r.return_shipment!.code);
    // nothing left: a second withdrawal of the same line is refused with the field named
    const again = await ask(cookie, {
      order_number: number,
      kind: 'withdrawal',
      lines: [{ line: 0, sku: opts.lines[0]!.sku, quantity: 1 }],
    });
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'invalid_request', field: 'lines.0.quantity' });
    expect(returnOptionsSchema.parse((await options(number, cookie)).json()).lines[0]!.returnable).toBe(0);
  });

  it('after 14 days the withdrawal is closed but the 30-day return policy is open; a business buyer cannot withdraw', async () => {
    const late = await deliveredOrder('invoice', { quantity: 1, daysAgo: 20 });
    const sku = returnOptionsSchema.parse((await options(late.number, late.cookie)).json()).lines[0]!.sku;
    const refused = await ask(late.cookie, { order_number: late.number, kind: 'withdrawal', lines: [{ line: 0, sku, quantity: 1 }] });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'return_not_allowed', field: 'kind' });
    expect(errorOf(refused).message).toMatch(/gått ut/);
    expect(
      (
        await asked(late.cookie, {
          order_number: late.number,
          kind: 'return',
          reason: 'not_needed',
          lines: [{ line: 0, sku, quantity: 1 }],
        })
      ).status,
    ).toBe('requested');

    const firm = await deliveredOrder('invoice-business', { quantity: 1 });
    const firmOptions = returnOptionsSchema.parse((await options(firm.number, firm.cookie)).json());
    expect(firmOptions.windows.withdrawal).toMatchObject({ open: false, closed_because: 'business_buyer' });
    const byFirm = await ask(firm.cookie, {
      order_number: firm.number,
      kind: 'withdrawal',
      lines: [{ line: 0, sku: firmOptions.lines[0]!.sku, quantity: 1 }],
    });
    expect(byFirm.status).toBe(409);
  });

  it('the confirm step of the return page checks the lines exactly as the request will', async () => {
    const { number, cookie } = await deliveredOrder('invoice', { quantity: 1 });
    const form = (body: string) => postReturnPage(number, cookie, body);
    const tooMany = await form('kind=withdrawal&qty-0=2');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toContain('Du kan returnera högst 1 st av den här artikeln.');
    expect(tooMany.body).not.toContain('data-testid="withdrawal-review"');
    const review = await form('kind=withdrawal&qty-0=1');
    expect(review.status).toBe(200);
    expect(review.body).toContain('data-testid="withdrawal-review"');
    expect(await shop.h.db.selectFrom('order_returns').select('id').where('order_id', '=', number).execute()).toEqual([]);
  });

  it('nothing can be returned before delivery', async () => {
    const { number, cookie } = await deliveredOrder('invoice', { quantity: 1, deliver: false });
    const sku = returnOptionsSchema.parse((await options(number, cookie)).json()).lines[0]!.sku;
    const r = await ask(cookie, { order_number: number, kind: 'withdrawal', lines: [{ line: 0, sku, quantity: 1 }] });
    expect(r.status).toBe(409);
    expect(errorOf(r).code).toBe('return_not_allowed');
  });
});

describe('returns refunded through the payment provider', () => {
  it('card (Adyen): two partial returns refund exactly the goods, once each, and the payment follows', async () => {
    const { number, cookie, total, shipping } = await deliveredOrder('card', { quantity: 3 });
    expect(await paymentOf(number)).toBe('captured');
    const sku = returnOptionsSchema.parse((await options(number, cookie)).json()).lines[0]!.sku;
    const noReason = await ask(cookie, { order_number: number, kind: 'return', lines: [{ line: 0, sku, quantity: 1 }] });
    expect(errorOf(noReason)).toMatchObject({ code: 'invalid_request', field: 'reason' });
    const first = await asked(cookie, {
      order_number: number,
      kind: 'return',
      reason: 'wrong_part',
      lines: [{ line: 0, sku, quantity: 1 }],
    });
    expect(first.status).toBe('requested');
    // refund before approval and receipt is refused
    const early = await operator(`returns/${first.rma}/refund`);
    expect(early.status).toBe(409);
    expect(errorOf(early).code).toBe('invalid_transition');
    const refundsBefore = (await deliveries('adyen')).filter((d) => d.label.startsWith('REFUND')).length;
    for (const step of ['approve', 'receive', 'refund']) await operator200(`returns/${first.rma}/${step}`);
    expect((await operator(`returns/${first.rma}/refund`)).status).toBe(409); // once
    expect(await paymentOf(number)).toBe('partially_refunded');
    const second = await asked(cookie, {
      order_number: number,
      kind: 'return',
      reason: 'not_needed',
      lines: [{ line: 0, sku, quantity: 2 }],
    });
    for (const step of ['approve', 'receive', 'refund']) await operator200(`returns/${second.rma}/${step}`);
    // the goods exactly (no delivery under the return policy), across both returns
    expect(first.refund.total_minor + second.refund.total_minor).toBe(total - shipping);
    expect(await paymentOf(number)).toBe(shipping === 0 ? 'refunded' : 'partially_refunded'); // a paid delivery stays paid
    expect(
      await until(
        async () => (await deliveries('adyen')).filter((d) => d.label.startsWith('REFUND')).length,
        (n) => n >= refundsBefore + 2,
      ),
    ).toBe(refundsBefore + 2);
    const kinds = (await mailsOf(second.rma)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['refunded', 'return_received', 'return_requested']);
    const listed = returnOptionsSchema.parse((await options(number, cookie)).json()).returns;
    expect(listed.map((r) => [r.rma, r.status])).toEqual([
      [first.rma, 'refunded'],
      [second.rma, 'refunded'],
    ]);
  });

  it('a rejected return gives its units back', async () => {
    const { number, cookie } = await deliveredOrder('invoice', { quantity: 1 });
    const sku = returnOptionsSchema.parse((await options(number, cookie)).json()).lines[0]!.sku;
    const r = await asked(cookie, {
      order_number: number,
      kind: 'return',
      reason: 'other',
      comment: 'changed my mind',
      lines: [{ line: 0, sku, quantity: 1 }],
    });
    // staff reject it from the shell (npm run operator -- return reject <RMA>)
    const out: string[] = [];
    expect(await operatorCommand(shop.h.db, ['return', 'reject', r.rma], (line) => out.push(line))).toBe(0);
    expect(out.join('\n')).toContain(`${r.rma} (order ${number})  return  rejected`);
    expect(await operatorCommand(shop.h.db, ['return', 'reject', r.rma], (line) => out.push(line))).toBe(1); // once
    expect(await operatorCommand(shop.h.db, ['return', 'bogus', r.rma], (line) => out.push(line))).toBe(2);
    expect(returnOptionsSchema.parse((await options(number, cookie)).json()).lines[0]!.returnable).toBe(1);
  });
});

describe('who may return what', () => {
  it("another order's guest, an anonymous visitor and another storefront get nothing", async () => {
    const a = await deliveredOrder('invoice', { quantity: 1 });
    const b = await deliveredOrder('invoice', { quantity: 1 });
    const sku = returnOptionsSchema.parse((await options(b.number, b.cookie)).json()).lines[0]!.sku;
    const body = { order_number: b.number, kind: 'withdrawal', lines: [{ line: 0, sku, quantity: 1 }] };
    expect((await options(b.number, a.cookie)).status).toBe(404);
    expect((await ask(a.cookie, body)).status).toBe(404);
    const anonymous = await postJson(api('/api/returns'), body);
    expect(anonymous.status).toBe(401);
    expect((await request(api(`/api/returns?order_number=${b.number}`, 'fi'), { headers: { cookie: b.cookie } })).status).not.toBe(200);
    expect(await shop.h.db.selectFrom('order_returns').select('id').where('order_id', '=', b.number).execute()).toEqual([]);
  });

  it('validates the body and the operator token', async () => {
    const { number, cookie } = await deliveredOrder('invoice', { quantity: 1 });
    for (const bad of [
      {},
      { order_number: number, kind: 'swap', lines: [] },
      { order_number: number, kind: 'return', lines: [{ line: -1, sku: 'x', quantity: 1 }] },
    ]) {
      const r = await ask(cookie, bad);
      expect(r.status).toBe(400);
      expect(errorOf(r).code).toBe('invalid_request');
    }
    const unknownLine = await ask(cookie, { order_number: number, kind: 'withdrawal', lines: [{ line: 3, sku: 'NOPE', quantity: 1 }] });
    expect(errorOf(unknownLine)).toMatchObject({ code: 'invalid_request', field: 'lines.0.quantity' });
    const noToken = await request(api('/api/operator/returns/RMA-1-1/approve'), { method: 'POST', body: '{}' });
    expect(noToken.status).toBe(401);
  });

  it('two requests at once for the last unit: one return, the other refused', async () => {
    const { number, cookie } = await deliveredOrder('invoice', { quantity: 1 });
    const sku = returnOptionsSchema.parse((await options(number, cookie)).json()).lines[0]!.sku;
    const body = { order_number: number, kind: 'withdrawal', lines: [{ line: 0, sku, quantity: 1 }] };
    const answers = await Promise.all([ask(cookie, body), ask(cookie, body), ask(cookie, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(await shop.h.db.selectFrom('order_returns').select('id').where('order_id', '=', number).execute()).toHaveLength(1);
  });
});
