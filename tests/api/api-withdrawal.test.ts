/**
 * Withdrawal from the first minute (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a) against the real
 * server and sandbox: before shipping a consumer's withdrawal cancels the order (payment voided or refunded once
 * through the provider, stock back, staff cannot pick or ship it), acknowledged by e-mail with the order, the
 * lines and the date and time; after shipping it is a return; a business order keeps the shop's return policy.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { withdrawalCancelViewSchema } from '#lib/api/return-contracts.ts';
import { request, postJson, type TestResponse } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { api, postReturnPage, raw } from './api-support.ts';
import { guestCookies } from './account-session.ts';
import { deliveries, inStock, until, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-110, -90) }, sandbox: ['adyen'] });
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

const errorOf = (r: TestResponse) => apiErrorSchema.parse(r.json()).error;
const operator = (path: string) => request(api(`/api/operator/${path}`), { method: 'POST', headers: AUTH, body: '{}' });
const withdraw = (cookie: string, number: string) => postJson(api('/api/returns/withdrawal'), { order_number: number }, { cookie });

/** An order placed (not shipped) by a guest; `card` pays through the Adyen sandbox (authorised, not captured). */
async function placedOrder(method: 'invoice' | 'card' | 'invoice-business', quantity = 2) {
  const { v, customer, number } = await shop.guestOrder(method, quantity);
  return { number, cookie: await guestCookies(number, customer.email), email: customer.email, total: v.totals.total_minor };
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
  it('a shipped order is withdrawn as a return, not cancelled', async () => {
    const { number, cookie } = await placedOrder('invoice', 1);
    for (const step of ['pick', 'ship']) expect((await operator(`orders/${number}/${step}`)).status).toBe(200);
    const r = await withdraw(cookie, number);
    expect(r.status).toBe(409);
    expect(errorOf(r).code).toBe('return_not_allowed');
    expect((await orderRow(number)).status).toBe('shipped');
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
