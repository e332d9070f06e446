/**
 * "Create an account with this order" (docs/product/accounts.md#account-at-checkout): on completion a new e-mail
 * gets an account linked to the order and the set-password mail; an e-mail that has an account gets nothing.
 */
import { describe, expect, it } from 'vitest';
import { postJson } from '#tests/support/http.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { listMail } from '#server/mail/outbox.ts';
import { api, raw } from './api-support.ts';
import { cookieHeader, linkToken } from './auth-cookies.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { request } from '#tests/support/http.ts';
import { inStock, place, step, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(5)).slice(-3) } });

async function placeWith(customer: object): Promise<string> {
  const v = await shop.ready('invoice', { customer });
  const r = await place(v.id);
  expect(r.status, r.body).toBe(200);
  return placeOrderResponseSchema.parse(r.json()).order_number!;
}

const order = (id: string) => shop.h.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('create an account with the order', () => {
  it('keeps the choice with the checkout, creates the account on completion, links the order and mails the link', async () => {
    const email = `checkout-account-${Date.now()}@example.se`;
    const v = await shop.ready('invoice', { customer: { ...consumer('sv'), email } });
    expect(v.customer.create_account).toBeUndefined();
    const ticked = await step(v.id, { customer: { create_account: true } });
    expect(ticked.customer.create_account).toBe(true);
    // nothing happens before the order exists
    expect(await shop.h.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const r = await place(v.id);
    expect(r.status, r.body).toBe(200);
    const number = placeOrderResponseSchema.parse(r.json()).order_number!;
    const customer = await shop.h.db.selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ name: `${consumer('sv').first_name} ${consumer('sv').last_name}`, password_hash: '' });
    expect((await order(number)).customer_id).toBe(customer.id);
    const [mail, ...more] = await listMail(shop.h.db, { to: email, kind: 'set_password' });
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ locale: 'sv', subject: expect.stringContaining('lösenord') });
    // the link sets the password and signs in as that customer
    const set = await postJson(api('/api/auth/set-password'), { token: linkToken(mail!.text_body), password: 'from checkout 1' });
    expect(set.status).toBe(200);
    expect(set.json().user).toMatchObject({ id: customer.id, email });
    expect((await postJson(api('/api/auth/login'), { email, password: 'from checkout 1' })).status).toBe(200);
  });

  it('gives an e-mail that already has an account nothing: no link, no linked order, the account untouched', async () => {
    const email = `checkout-existing-${Date.now()}@example.se`;
    await shop.h.db
      .insertInto('customers')
      .values({
        id: 9301,
        email,
        name: 'Already Here',
        password_hash: await hashPassword('already here'),
        discounts: '{}',
        created_at: new Date().toISOString(),
      })
      .execute();
    const number = await placeWith({ ...consumer('sv'), email, create_account: true });
    expect((await order(number)).customer_id).toBeNull();
    expect(await listMail(shop.h.db, { to: email, kind: 'set_password' })).toHaveLength(0);
    expect(await listMail(shop.h.db, { to: email, kind: 'order_confirmation' })).toHaveLength(1);
    const row = await shop.h.db.selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.name).toBe('Already Here');
    await shop.h.db.deleteFrom('customers').where('id', '=', 9301).execute();
  });

  it('creates nothing when the box is not ticked', async () => {
    const email = `checkout-plain-${Date.now()}@example.se`;
    const number = await placeWith({ ...consumer('sv'), email });
    expect((await order(number)).customer_id).toBeNull();
    expect(await shop.h.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a non-boolean choice', async () => {
    const v = await shop.ready('invoice');
    const r = await postJson(api(`/api/checkout/${v.id}`), { customer: { create_account: 'yes' } });
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBe('invalid_request');
  });
});

describe('an order placed while logged in', () => {
  it('belongs to the account even when placed with another e-mail, and shows on its orders page', async () => {
    const login = await postJson(api('/api/auth/login'), { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(login.status).toBe(200);
    const cookies = cookieHeader(login);
    const v = await shop.ready('invoice', { customer: { ...consumer('sv'), email: `someone-else-${Date.now()}@example.se` } });
    const r = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true }, cookies);
    expect(r.status, r.body).toBe(200);
    const number = placeOrderResponseSchema.parse(r.json()).order_number!;
    expect((await order(number)).customer_id).toBe(DEMO_CUSTOMER.id);
    const page = await request(raw('/my-account/orders'), { headers: cookies });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`data-order-number="${number}"`);
    // placed without the cookies, an order is a guest's
    const guest = await placeWith({ ...consumer('sv'), email: `guest-${Date.now()}@example.se` });
    expect((await order(guest)).customer_id).toBeNull();
  });
});
