/**
 * Company orders through the real server (docs/product/company-accounts.md#orders, docs/adr/0034-company-order-approval.md),
 * on SQLite and PostgreSQL: a viewer's place is refused in Swedish and the checkout page says so first; a buyer's order
 * above their limit waits (by the shop's invoice only), its confirmation page says so; an admin of another company and
 * the buyer cannot decide it; the company's admin approves and the order is placed as the company's, with its buyer
 * identity, for the total the buyer saw; members of another company never see it, by list or by number.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import { listMail } from '#server/mail/outbox.ts';
import { business, consumer } from '#tests/support/checkout-customers.ts';
import { postJson, request, type TestResponse } from '#tests/support/http.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';
import { api, raw } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import { inStock, step, useCheckoutApi } from './checkout-api-fixtures.ts';
import { boGet, staffSession } from './backoffice-session.ts';
import { validatePeppolInvoice } from '#tests/support/peppol-validator.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-4, -2) } });

const PASSWORD = 'company orders 1';
const run = Date.now();
const email = (who: string) => `${who}-co-${run}@example.se`;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const companies: Record<string, string> = {};

async function customer(who: string): Promise<void> {
  const c = (await createCustomer(shop.h.db, email(who), who.toUpperCase()))!;
  await shop.h.db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', c.id)
    .execute();
  ids[who] = c.id;
  cookies[who] = await accountCookies(email(who), PASSWORD);
}

async function join(who: string, company: string, role: string, limit: number | null) {
  await shop.h.db
    .insertInto('company_members')
    .values({
      customer_id: ids[who]!,
      company_id: companies[company]!,
      role,
      spending_limit_minor: limit,
      created_at: new Date().toISOString(),
    })
    .execute();
}

const placeAs = (who: string, checkoutId: string) =>
  postJson(api(`/api/checkout/${checkoutId}/place`), { terms_accepted: true }, { cookie: cookies[who]! });
const page = (who: string, path: string) => request(raw(path), { headers: { cookie: cookies[who]! } });
const postCompany = (who: string, fields: Record<string, string>, origin = raw('').replace(/\/$/, '')): Promise<TestResponse> =>
  request(raw('/my-account/company'), {
    method: 'POST',
    headers: { cookie: cookies[who]!, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const approvalOf = (checkoutId: string) =>
  shop.h.db.selectFrom('company_order_approvals').selectAll().where('checkout_id', '=', checkoutId).executeTakeFirst();

beforeAll(async () => {
  for (const who of ['anna', 'bo', 'vera', 'ove']) await customer(who);
  const billing = { street: 'Verkstadsgatan 1', postalCode: '111 22', city: 'Stockholm' };
  companies.a = (
    await createCompany(shop.h.db, 'sv', ids.anna!, {
      name: `A ${run} AB`,
      organisationNumber: swedishOrgNumber(run + 11),
      peppolId: `0007:${swedishOrgNumber(run + 11)}`,
      invoiceReference: 'Inköp 7',
      billing,
    })
  ).company.id;
  companies.b = (
    await createCompany(shop.h.db, 'sv', ids.ove!, { name: `B ${run} AB`, organisationNumber: swedishOrgNumber(run + 12), billing })
  ).company.id;
  await join('bo', 'a', 'buyer', 100); // 1 krona: every order waits
  await join('vera', 'a', 'viewer', null);
});

describe('company orders', () => {
  it('refuses a viewer, in Swedish, and tells them on the checkout page first', async () => {
    const notice = await page('vera', '/checkout');
    expect(notice.status).toBe(200);
    expect(notice.body).toContain('data-testid="checkout-company-notice" data-kind="viewer"');
    const v = await shop.ready('invoice-business', { customer: business('sv') });
    const r = await placeAs('vera', v.id);
    expect(r.status).toBe(403);
    expect(r.json().error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('läsare') });
    expect(await shop.ordersOf(v.id)).toEqual([]);
  });

  it('lets an order above the limit wait only when paid by the shop’s invoice', async () => {
    const v = await shop.ready('card', { customer: consumer('sv') });
    const r = await placeAs('bo', v.id);
    expect(r.status).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'invalid_request', field: 'payment_method', message: expect.stringContaining('faktura') });
    expect(await approvalOf(v.id)).toBeUndefined();
  });

  it('makes the order wait, lets only the company’s admin approve it, and places it as the company’s', async () => {
    const v = await shop.ready('invoice-business', { customer: business('sv'), quantity: 2 });
    const r = await placeAs('bo', v.id);
    expect(r.status, r.body).toBe(200);
    const placed = placeOrderResponseSchema.parse(r.json());
    expect(placed).toEqual({ redirect_url: `/checkout/confirmation/${v.id}`, order_number: null });
    expect(await shop.ordersOf(v.id)).toEqual([]);
    const request0 = (await approvalOf(v.id))!;
    expect(request0).toMatchObject({ status: 'waiting', requested_by: ids.bo, company_id: companies.a });
    expect(Number(request0.total_minor)).toBe(v.totals.total_minor);
    // the checkout is frozen: a change is not taken, placing again changes nothing
    await step(v.id, { items: [{ sku: v.items[0]!.sku, quantity: 9 }] });
    expect(Number((await approvalOf(v.id))!.total_minor)).toBe(v.totals.total_minor);
    expect((await placeAs('bo', v.id)).json()).toEqual(placed);
    const confirmation = await request(raw(`/checkout/confirmation/${v.id}`));
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toContain('data-testid="order-awaiting-approval" data-status="waiting"');
    expect((await listMail(shop.h.db, { to: email('anna'), kind: 'company_approval_request' })).length).toBe(1);

    // company B's admin cannot approve it (changing the id in the form), nor can the buyer
    const foreign = await postCompany('ove', { action: 'approve', request_id: request0.id });
    expect(foreign.status).toBe(404);
    const buyer = await postCompany('bo', { action: 'approve', request_id: request0.id });
    expect(buyer.status).toBe(403);
    // the admin's own form from another site decides nothing
    const forged = await postCompany('anna', { action: 'approve', request_id: request0.id }, 'https://evil.example');
    expect(forged.status).toBe(403);
    expect((await approvalOf(v.id))!.status).toBe('waiting');
    expect(await shop.ordersOf(v.id)).toEqual([]);
    expect((await page('ove', '/my-account/company')).body).not.toContain(request0.id);

    const list = await page('anna', '/my-account/company');
    expect(list.body).toContain(`data-testid="company-approval" data-request-id="${request0.id}"`);
    const approved = await postCompany('anna', { action: 'approve', request_id: request0.id });
    expect(approved.status, approved.body.slice(0, 300)).toBe(303);
    expect(approved.headers.location).toBe('/my-account/company?done=approve');
    const again = await postCompany('anna', { action: 'approve', request_id: request0.id });
    expect(again.status).toBe(409);
    expect(again.body).toContain('data-reason="approval_conflict"');

    const { order, details } = await shop.onlyOrder(v);
    expect(order).toMatchObject({ company_id: companies.a, customer_id: ids.bo });
    expect(details.company).toMatchObject({
      id: companies.a,
      name: `A ${run} AB`,
      organisation_number: expect.any(String),
      peppol_id: `0007:${swedishOrgNumber(run + 11)}`,
      invoice_reference: 'Inköp 7',
      placed_by: { customer_id: ids.bo, name: 'BO' },
    });
    expect(await approvalOf(v.id)).toMatchObject({ status: 'approved', decided_by: ids.anna, order_id: order.id });
    const [decision] = await listMail(shop.h.db, { to: email('bo'), kind: 'company_approval_decision' });
    expect(decision!.text_body).toContain(order.id);
    expect(await listMail(shop.h.db, { to: business('sv').email, kind: 'order_confirmation' })).toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining(order.id) }),
    );

    // every member of A sees it with who placed it; B never, by list or by number
    for (const who of ['anna', 'bo', 'vera']) {
      const orders = await page(who, '/my-account/orders');
      expect(orders.body).toContain(`data-order-number="${order.id}"`);
      const one = await page(who, `/my-account/orders/${order.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toContain('data-testid="account-order-placed-by"');
    }
    expect((await page('vera', `/my-account/orders/${order.id}`)).body).not.toContain('order-return-link');
    expect((await page('ove', '/my-account/orders')).body).not.toContain(order.id);
    expect((await page('ove', `/my-account/orders/${order.id}`)).status).toBe(404);
    const buyerAccount = await page('bo', '/my-account/orders');
    expect(buyerAccount.body).toContain('data-testid="account-approval" data-status="approved"');

    // its e-invoice names the company as the order keeps it: its Peppol id, its reference (no VAT number given)
    const xml = (await request(raw(`/checkout/invoice/${v.id}/e-invoice.xml`))).body;
    const buyerParty = xml.slice(xml.indexOf('<cac:AccountingCustomerParty>'), xml.indexOf('</cac:AccountingCustomerParty>'));
    expect(buyerParty).toContain(`<cbc:EndpointID schemeID="0007">${swedishOrgNumber(run + 11)}</cbc:EndpointID>`);
    expect(buyerParty).toContain(`<cbc:RegistrationName>A ${run} AB</cbc:RegistrationName>`);
    expect(buyerParty).not.toContain('PartyTaxScheme');
    expect(xml).toContain('<cbc:BuyerReference>Inköp 7</cbc:BuyerReference>');
    const report = await validatePeppolInvoice(xml);
    expect(report.schemaErrors).toEqual([]);
    expect(report.findings).toEqual([]);
    // the back office shows the company on the order and in the list
    const staff = await staffSession(shop.h, 'staff');
    const bo = await boGet(`/orders/${order.id}`, staff.cookie);
    expect(bo.status).toBe(200);
    expect(bo.body).toContain(`data-testid="bo-order-company" data-company-id="${companies.a}"`);
    expect(bo.body).toMatch(new RegExp(`data-testid="bo-order-company-name"[^>]*>A ${run} AB<`));
    expect(bo.body).toMatch(/data-testid="bo-order-company-placed-by"[^>]*>\s*BO \(/);
    expect((await boGet(`/orders?q=${order.id}`, staff.cookie)).body).toContain(`(A ${run} AB)`);
  }, 120_000);

  it('keeps a decision whose placing fails undone: the request waits again, nothing placed, nobody mailed', async () => {
    const v = await shop.ready('invoice-business', { customer: business('sv'), quantity: 2 });
    expect((await placeAs('bo', v.id)).status).toBe(200);
    const { id } = (await approvalOf(v.id))!;
    // placing fails after the decision, inside its transaction: the next order number is one already taken (B's order)
    const other = await shop.ready('invoice-business', { customer: business('sv') });
    const taken = placeOrderResponseSchema.parse((await placeAs('ove', other.id)).json()).order_number!;
    const counter = () => shop.h.db.selectFrom('counters').select('value').where('name', '=', 'order_number').executeTakeFirstOrThrow();
    const { value } = await counter();
    await shop.h.db
      .updateTable('counters')
      .set({ value: Number(taken.slice(0, -1)) - 1 })
      .where('name', '=', 'order_number')
      .execute();
    const refused = await postCompany('anna', { action: 'approve', request_id: id });
    await shop.h.db.updateTable('counters').set({ value }).where('name', '=', 'order_number').execute();
    expect(refused.status).toBe(500);
    expect(await approvalOf(v.id)).toMatchObject({ status: 'waiting', decided_by: null, decided_at: null, order_id: null });
    expect(await shop.ordersOf(v.id)).toEqual([]);
    const decisions = await listMail(shop.h.db, { to: email('bo'), kind: 'company_approval_decision' });
    expect(decisions.filter((m) => m.dedupe_key === `company_approval_decision:${id}`)).toEqual([]);

    // approving again places it once; two approvals at the same time make one order, the other is refused
    const both = await Promise.all([
      postCompany('anna', { action: 'approve', request_id: id }),
      postCompany('anna', { action: 'approve', request_id: id }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);
    const [order, ...more] = await shop.ordersOf(v.id);
    expect(more).toEqual([]);
    expect(await approvalOf(v.id)).toMatchObject({ status: 'approved', decided_by: ids.anna, order_id: order!.id });
    const mailed = await listMail(shop.h.db, { to: email('bo'), kind: 'company_approval_decision' });
    expect(mailed.filter((m) => m.dedupe_key === `company_approval_decision:${id}`)).toHaveLength(1);
  }, 60_000);

  it('never shows a member of company A an order of company B, by list or by number', async () => {
    const v = await shop.ready('invoice-business', { customer: business('sv') });
    const r = await placeAs('ove', v.id); // company B's admin: no limit, placed at once
    expect(r.status, r.body).toBe(200);
    const number = placeOrderResponseSchema.parse(r.json()).order_number!;
    expect((await shop.onlyOrder(v)).order.company_id).toBe(companies.b);
    expect((await page('ove', `/my-account/orders/${number}`)).status).toBe(200);
    for (const who of ['anna', 'bo', 'vera']) {
      expect((await page(who, '/my-account/orders')).body).not.toContain(`data-order-number="${number}"`);
      const one = await page(who, `/my-account/orders/${number}`);
      expect(one.status).toBe(404);
      expect(one.body).not.toContain(number + '</');
    }
  });

  it('declines: nothing placed, the buyer told, the confirmation page says so', async () => {
    const v = await shop.ready('invoice-business', { customer: business('sv') });
    expect((await placeAs('bo', v.id)).status).toBe(200);
    const { id } = (await approvalOf(v.id))!;
    const declined = await postCompany('anna', { action: 'decline', request_id: id, reason: 'Inte nu' });
    expect(declined.status).toBe(303);
    expect(await shop.ordersOf(v.id)).toEqual([]);
    expect((await request(raw(`/checkout/confirmation/${v.id}`))).body).toContain('data-status="declined"');
    const mails = await listMail(shop.h.db, { to: email('bo'), kind: 'company_approval_decision' });
    expect(mails.some((m) => m.text_body.includes('Anledning: Inte nu'))).toBe(true);
    expect((await placeAs('bo', v.id)).json()).toMatchObject({ order_number: null });
    expect(await shop.ordersOf(v.id)).toEqual([]);
  });
});
