/**
 * Withdrawal from the first minute (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a) against the real
 * server and sandbox: before shipping a consumer's withdrawal cancels the order (payment voided or refunded once
 * through the provider, stock back, staff cannot pick or ship it), acknowledged by e-mail with the order, the
 * lines and the date and time; after shipping it is a return; a business order keeps the shop's return policy.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { returnOptionsSchema, withdrawalCancelViewSchema, withdrawalReturnViewSchema } from '#lib/api/return-contracts.ts';
import { request, postJson, type TestResponse } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { api, postReturnPage, raw } from './api-support.ts';
import { cookieHeader, guestCookies } from './account-session.ts';
import { deliveries, inStock, until, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-110, -90) }, sandbox: ['adyen'] });
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

const errorOf = (r: TestResponse) => apiErrorSchema.parse(r.json()).error;
const operator = (path: string) => request(api(`/api/operator/${path}`), { method: 'POST', headers: AUTH, body: '{}' });
const options = (cookie: string, number: string) => request(api(`/api/returns?order_number=${number}`), { headers: { cookie } });
const withdraw = (cookie: string, number: string) => postJson(api('/api/returns/withdrawal'), { order_number: number }, { cookie });

/** An order placed (not shipped) by a guest; `card` pays through the Adyen sandbox (authorised, not captured). */
async function placedOrder(method: 'invoice' | 'card' | 'invoice-business', quantity = 2) {
  const { v, customer, number } = await shop.guestOrder(method, quantity);
  return {
    number,
    cookie: await guestCookies(number, customer.email),
    email: customer.email,
    postalCode: customer.postal_code,
    total: v.totals.total_minor,
  };
}

const orderRow = (number: string) =>
  shop.h.db.selectFrom('orders').select(['status', 'payment_status', 'details']).where('id', '=', number).executeTakeFirstOrThrow();
const stockOf = async (number: string) => {
  const sku = (JSON.parse((await orderRow(number)).details) as { lines: { sku: string }[] }).lines[0]!.sku;
  return (await shop.h.db.selectFrom('products').select('stock_quantity').where('sku', '=', sku).executeTakeFirstOrThrow()).stock_quantity;
};
const countOf = async (prefix: string) => (await deliveries('adyen')).filter((d) => d.label.startsWith(prefix)).length;
const mailOf = (number: string) =>
  shop.h.db
    .selectFrom('mail_outbox')
    .select(['kind', 'recipient', 'subject', 'text_body'])
    .where('dedupe_key', '=', `withdrawal_acknowledgement:${number}`)
    .execute();

describe('withdrawal before shipping cancels the order', () => {
  it('card authorised: voided once, stock back, cancelled, staff cannot pick or ship it, acknowledged by e-mail', async () => {
    const cancelsBefore = await countOf('CANCELLATION');
    const { number, cookie, email } = await placedOrder('card', 2);
    expect(await orderRow(number)).toMatchObject({ status: 'placed', payment_status: 'authorized' });
    const stockBefore = await stockOf(number);

    const r = await withdraw(cookie, number);
    expect(r.status, r.body).toBe(200);
    const done = withdrawalCancelViewSchema.parse(r.json());
    expect(done).toMatchObject({ order_number: number, status: 'cancelled' });
    expect(await orderRow(number)).toMatchObject({ status: 'cancelled', payment_status: 'cancelled' });
    expect(await stockOf(number)).toBe(stockBefore + 2);

    // a repeat answers the same withdrawal and changes nothing more
    const again = await withdraw(cookie, number);
    expect(again.status, again.body).toBe(200);
    expect(withdrawalCancelViewSchema.parse(again.json()).withdrawn_at).toBe(done.withdrawn_at);
    expect(await stockOf(number)).toBe(stockBefore + 2);
    expect(
      await until(
        () => countOf('CANCELLATION'),
        (n) => n >= cancelsBefore + 1,
      ),
    ).toBe(cancelsBefore + 1);

    for (const step of ['pick', 'ship']) {
      const refused = await operator(`orders/${number}/${step}`);
      expect(refused.status).toBe(409);
      expect(errorOf(refused).code).toBe('invalid_transition');
    }

    const mails = await mailOf(number);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'withdrawal_acknowledgement', recipient: email });
    expect(mails[0]!.subject).toContain(number);
    const details = JSON.parse((await orderRow(number)).details) as { lines: { sku: string; name: string }[] };
    expect(mails[0]!.text_body).toContain(`2 × ${details.lines[0]!.name} (${details.lines[0]!.sku})`);
    expect(mails[0]!.text_body).toMatch(/Ångrat: .*\d{1,2}:\d{2}/); // the date and time of the withdrawal
  });

  it('card captured at pick: refunded exactly once, payment refunded', async () => {
    const { number, cookie } = await placedOrder('card', 1);
    expect((await operator(`orders/${number}/pick`)).status).toBe(200);
    expect(await orderRow(number)).toMatchObject({ status: 'picked', payment_status: 'captured' });
    const refundsBefore = await countOf('REFUND');
    expect((await withdraw(cookie, number)).status).toBe(200);
    expect((await withdraw(cookie, number)).status).toBe(200);
    expect(await orderRow(number)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(
      await until(
        () => countOf('REFUND'),
        (n) => n >= refundsBefore + 1,
      ),
    ).toBe(refundsBefore + 1);
    expect((await operator(`orders/${number}/ship`)).status).toBe(409);
  });

  it('own invoice: cancelled with the invoice voided', async () => {
    const { number, cookie } = await placedOrder('invoice', 1);
    expect((await withdraw(cookie, number)).status).toBe(200);
    expect(await orderRow(number)).toMatchObject({ status: 'cancelled', payment_status: 'cancelled' });
  });

  it('the return page: the withdrawal button, the confirm step, then the order is cancelled', async () => {
    const { number, cookie } = await placedOrder('invoice', 1);
    const page = await request(raw(`/my-order/return/${number}`), { headers: { cookie } });
    expect(page.body).toContain('data-testid="withdrawal-button"');
    const form = (body: string) => postReturnPage(number, cookie, body);
    const review = await form('kind=cancel');
    expect(review.status).toBe(200);
    expect(review.body).toContain('data-testid="withdrawal-review"');
    expect((await orderRow(number)).status).not.toBe('cancelled'); // not before the confirmation
    const confirmed = await form('kind=cancel&step=confirm');
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(`/my-order/return/${number}?withdrawn=1`);
    expect((await orderRow(number)).status).toBe('cancelled');
  });
});

describe('withdrawal after shipping or by a business', () => {
  it('a shipped, not yet delivered order: one return of all lines with its RMA, acknowledged once; staff refund it exactly once', async () => {
    const { number, cookie, email } = await placedOrder('card', 2);
    for (const step of ['pick', 'ship']) expect((await operator(`orders/${number}/${step}`)).status).toBe(200);
    expect(await orderRow(number)).toMatchObject({ status: 'shipped', payment_status: 'captured' });
    expect(returnOptionsSchema.parse((await options(cookie, number)).json()).withdrawal).toEqual({
      open: true,
      mode: 'return',
      deadline: null,
    });

    const r = await withdraw(cookie, number);
    expect(r.status, r.body).toBe(200);
    const done = withdrawalReturnViewSchema.parse(r.json());
    expect(done).toMatchObject({ order_number: number, status: 'approved', rma: `RMA-${number}-1` });
    // a repeat answers the same return and makes no other
    const again = withdrawalReturnViewSchema.parse((await withdraw(cookie, number)).json());
    expect(again).toEqual(done);
    const opts = returnOptionsSchema.parse((await options(cookie, number)).json());
    expect(opts.returns.map((x) => [x.rma, x.kind, x.status])).toEqual([[done.rma, 'withdrawal', 'approved']]);
    expect(opts.returns[0]!.lines.map((l) => l.quantity)).toEqual([2]);
    expect(opts.lines.every((l) => l.returnable === 0)).toBe(true);
    expect((await orderRow(number)).status).toBe('shipped'); // the parcel is on its way: the order is not cancelled

    const mails = await shop.h.db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'subject', 'text_body'])
      .where('dedupe_key', '=', `withdrawal_acknowledgement:${done.rma}`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'withdrawal_acknowledgement', recipient: email });
    expect(mails[0]!.text_body).toContain(number);
    expect(mails[0]!.text_body).toMatch(/Ångrat: .*\d{1,2}:\d{2}/);

    // staff: the parcel comes back, the refund goes out once (the RMA is the provider's idempotency key)
    const refundsBefore = await countOf('REFUND');
    expect((await operator(`returns/${done.rma}/receive`)).status).toBe(200);
    expect((await operator(`returns/${done.rma}/refund`)).status).toBe(200);
    const twice = await operator(`returns/${done.rma}/refund`);
    expect(twice.status).toBe(409);
    expect(await orderRow(number)).toMatchObject({ payment_status: 'refunded' });
    expect(
      await until(
        () => countOf('REFUND'),
        (n) => n >= refundsBefore + 1,
      ),
    ).toBe(refundsBefore + 1);
    expect(withdrawalReturnViewSchema.parse((await withdraw(cookie, number)).json())).toMatchObject({ rma: done.rma, status: 'refunded' });
  });

  it('the return page of a shipped order: the withdrawal button, the confirm step with all lines, then the return', async () => {
    const { number, cookie } = await placedOrder('invoice', 3);
    for (const step of ['pick', 'ship']) expect((await operator(`orders/${number}/${step}`)).status).toBe(200);
    const page = await request(raw(`/my-order/return/${number}`), { headers: { cookie } });
    expect(page.body).toContain('data-testid="withdrawal-button"');
    const review = await postReturnPage(number, cookie, 'kind=withdrawal');
    expect(review.status).toBe(200);
    expect(review.body).toContain('data-testid="withdrawal-review"');
    expect(review.body).toMatch(/data-testid="withdrawal-review-line"[^>]*>\s*3 ×/);
    const confirmed = await postReturnPage(number, cookie, 'kind=withdrawal&step=confirm&qty-0=3');
    expect(confirmed.status, confirmed.body).toBe(303);
    expect(confirmed.headers.location).toBe(`/my-order/return/${number}?done=RMA-${number}-1`);
    const opts = returnOptionsSchema.parse((await options(cookie, number)).json());
    expect(opts.returns.map((x) => [x.kind, x.status, x.lines[0]!.quantity])).toEqual([['withdrawal', 'approved', 3]]);
  });

  it('a business order keeps the shop return policy', async () => {
    const { number, cookie } = await placedOrder('invoice-business', 1);
    const r = await withdraw(cookie, number);
    expect(r.status).toBe(409);
    expect(errorOf(r)).toMatchObject({ code: 'return_not_allowed' });
    expect(errorOf(r).message).toContain('returvillkor');
    expect((await orderRow(number)).status).not.toBe('cancelled');
  });

  it('another visitor cannot withdraw the order (404)', async () => {
    const { number } = await placedOrder('invoice', 1);
    const other = await placedOrder('invoice', 1);
    const r = await withdraw(other.cookie, number);
    expect(r.status).toBe(404);
    expect((await orderRow(number)).status).not.toBe('cancelled');
  });
});

describe('the guest opens the order with its postal code', () => {
  const loginBy = (body: object) => postJson(api('/api/order-auth/login'), body);

  it('order number + the postal code as typed (spaces optional) opens it; a wrong pair answers like a wrong e-mail', async () => {
    const { number, postalCode } = await placedOrder('invoice', 1);
    for (const typed of [postalCode, postalCode.replace(/\s+/g, ''), ` ${postalCode} `]) {
      const r = await loginBy({ order_id: number, postal_code: typed });
      expect(r.status, typed).toBe(200);
      expect(r.json<{ user: { order_id: string } }>().user.order_id).toBe(number);
    }
    const cookie = cookieHeader(await loginBy({ order_id: number, postal_code: postalCode }));
    expect((await options(cookie, number)).status).toBe(200);
    expect(withdrawalCancelViewSchema.parse((await withdraw(cookie, number)).json()).status).toBe('cancelled');

    const wrongCode = await loginBy({ order_id: number, postal_code: '999 99' });
    const wrongMail = await loginBy({ order_id: number, email: 'not-the-buyer@example.test' });
    expect(wrongCode.status).toBe(401);
    expect(errorOf(wrongCode)).toEqual(errorOf(wrongMail));
    expect((await loginBy({ order_id: number })).status).toBe(400);
  });
});

describe('the art. 10 record', () => {
  it('a placed order is informed (the confirmation carries the information and the model form); without the record the period is 12 months longer', async () => {
    const { number, cookie } = await placedOrder('invoice', 1);
    const row = await shop.h.db
      .selectFrom('orders')
      .select(['created_at', 'withdrawal_informed_at'])
      .where('id', '=', number)
      .executeTakeFirstOrThrow();
    expect(row.withdrawal_informed_at).toBe(row.created_at);
    const confirmation = await shop.h.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('dedupe_key', '=', `order_confirmation:${number}`)
      .executeTakeFirstOrThrow();
    expect(confirmation.text_body).toContain('Formulär för att ångra köpet:');
    expect(confirmation.text_body).toContain('?withdraw');

    for (const step of ['pick', 'ship', 'deliver']) expect((await operator(`orders/${number}/${step}`)).status).toBe(200);
    const deadline = async () => returnOptionsSchema.parse((await options(cookie, number)).json()).withdrawal.deadline!;
    const informed = await deadline();
    await shop.h.db.updateTable('orders').set({ withdrawal_informed_at: null }).where('id', '=', number).execute();
    const uninformed = await deadline();
    const days = (Date.parse(uninformed) - Date.parse(informed)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365 - 3);
    expect(days).toBeLessThanOrEqual(366 + 4);
  });
});
