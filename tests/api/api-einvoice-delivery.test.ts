/**
 * E-invoice delivery through the access point (docs/product/e-invoices.md#delivery), on SQLite and PostgreSQL, against
 * the sandbox's Storecove emulator the test server uses: a company buyer's business own-invoice order queues its
 * invoice with the order, the worker sends it to the company's Peppol id and records its delivery; without a Peppol id
 * it is skipped with the reason; an unreachable receiver ends failed; staff see it on the order page and send it again
 * (confirmed, CSRF, audited); a read-only member cannot. A cancelled order's invoice is credited by a credit note
 * delivered the same way and downloadable by its buyer only; so is a refunded return's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { business } from '#tests/support/checkout-customers.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';
import { validatePeppolInvoice } from '#tests/support/peppol-validator.ts';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import type { Submission } from '#sandbox/storecove/storecove-emulator.ts';
import { api, raw } from './api-support.ts';
import { returnViewSchema } from '#lib/api/return-contracts.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { accountCookies } from './account-session.ts';
import { boGet, boPost, staffSession, type StaffSession } from './backoffice-session.ts';
import { inStock, sandbox, until, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(5)).slice(-190, -175) } });
const run = Date.now() % 100_000;
const PASSWORD = 'einvoice test 1';
const PEPPOL = '0007:5567321707';
let staff: StaffSession;
let readOnly: StaffSession;

beforeAll(async () => {
  staff = await staffSession(shop.h, 'staff');
  readOnly = await staffSession(shop.h, 'read_only');
});

/** A customer buying for a new company with `peppolId`: the session cookie. */
async function companyBuyer(who: string, seed: number, peppolId: string): Promise<string> {
  const email = `einvoice-${who}-${run}@example.se`;
  const c = (await createCustomer(shop.h.db, email, who))!;
  await shop.h.db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', c.id)
    .execute();
  await createCompany(shop.h.db, 'sv', c.id, {
    name: `${who} AB`,
    organisationNumber: swedishOrgNumber(run * 10 + seed),
    peppolId,
    billing: { street: 'Verkstadsgatan 1', postalCode: '111 22', city: 'Stockholm' },
  });
  return accountCookies(email, PASSWORD);
}

/** A business own-invoice order placed (signed in with `cookie`, else as a guest): its number. */
async function businessOrder(cookie?: string): Promise<string> {
  const v = await shop.ready('invoice-business', { customer: business('sv') });
  const r = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true }, cookie ? { cookie } : {});
  expect(r.status, r.body).toBe(200);
  return placeOrderResponseSchema.parse(r.json()).order_number!;
}

const operator = (path: string) =>
  request(api(`/api/operator/${path}`), { method: 'POST', headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }, body: '{}' });
const deliveryOf = (number: string) =>
  shop.h.db.selectFrom('einvoice_deliveries').selectAll().where('order_id', '=', number).executeTakeFirst();
const settled = (number: string) =>
  until(
    () => deliveryOf(number),
    (d) => !!d && d.status !== 'queued' && d.status !== 'sending' && d.status !== 'sent',
  );
const submissionsOf = async (number: string) =>
  ((await (await fetch(`${sandbox}/storecove/_sandbox/submissions`)).json()) as Submission[]).filter((s) => s.document.number === number);

describe('delivery of a business order’s e-invoice', () => {
  it("is sent with the order to the company's Peppol id and delivered; the document sent is the one downloaded", async () => {
    const number = await businessOrder(await companyBuyer('anna', 1, PEPPOL));
    const d = await settled(number);
    expect(d).toMatchObject({ document: 'invoice', status: 'delivered', receiver: PEPPOL, attempts: 1, last_error: null });
    const [sent, ...more] = await submissionsOf(number);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      guid: d!.provider_id,
      idempotencyGuid: d!.id,
      documentType: 'invoice',
      receiver: { scheme: '0007', id: '5567321707' },
    });
    const download = await boGet(`/orders/${number}/e-invoice.xml`, staff.cookie);
    expect(download.status).toBe(200);
    expect(download.body).toBe(sent!.xml);
    expect(sent!.xml).toContain('<cbc:EndpointID schemeID="0007">5567321707</cbc:EndpointID>');
    const report = await validatePeppolInvoice(sent!.xml);
    expect(report.schemaErrors).toEqual([]);
    expect(report.findings).toEqual([]);
  }, 120_000);

  it('a guest business order (no company, no Peppol id) is skipped with the reason; a consumer order has no delivery', async () => {
    const number = await businessOrder();
    expect(await deliveryOf(number)).toMatchObject({
      status: 'skipped',
      receiver: null,
      attempts: 0,
      last_error: expect.stringContaining('no Peppol participant id'),
    });
    expect(await submissionsOf(number)).toEqual([]);
    const consumer = await shop.guestOrder('invoice', 1);
    expect(await deliveryOf(consumer.number)).toBeUndefined();
  });

  it('a receiver not on the Peppol network ends failed with the access point’s reason', async () => {
    const number = await businessOrder(await companyBuyer('bo', 2, '0007:0000000000'));
    expect(await settled(number)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('Peppol network') });
  });
});

describe('the back office', () => {
  it('shows the delivery and sends it again (confirmed, audited); read-only staff and a post without CSRF cannot', async () => {
    const number = await businessOrder(await companyBuyer('cai', 3, PEPPOL));
    const first = (await settled(number))!;
    expect(first.status).toBe('delivered');
    const page = await boGet(`/orders/${number}`, staff.cookie);
    expect(page.body).toContain('data-testid="bo-order-einvoice-delivery" data-status="delivered"');
    expect(page.body).toContain('data-action="einvoice_send"');
    expect((await boGet(`/orders/${number}`, readOnly.cookie)).body).not.toContain('data-action="einvoice_send"');

    const ask = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'einvoice_send' }, staff.cookie);
    expect(ask.status).toBe(200);
    expect(ask.body).toContain('data-testid="bo-confirm" data-action="einvoice_send"');
    expect(await submissionsOf(number)).toHaveLength(1); // nothing sent before the confirmation
    const done = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'einvoice_send', step: 'confirm' }, staff.cookie);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`/orders/${number}?done=einvoice_send&changed=1`);
    const again = await until(
      () => deliveryOf(number),
      (d) => d?.status === 'delivered' && d.provider_id !== first.provider_id,
    );
    expect(again).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(again!.id).not.toBe(first.id);
    expect(await submissionsOf(number)).toHaveLength(2);
    const audit = await shop.h.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'orders.einvoice_send')
      .where('subject_id', '=', number)
      .execute();
    expect(audit).toHaveLength(1);

    const refused = await boPost(`/orders/${number}`, { _csrf: readOnly.csrf, action: 'einvoice_send', step: 'confirm' }, readOnly.cookie);
    expect(refused.status).toBe(403);
    const noCsrf = await boPost(`/orders/${number}`, { action: 'einvoice_send', step: 'confirm' }, staff.cookie);
    expect(noCsrf.status).toBe(403);
    expect(await submissionsOf(number)).toHaveLength(2);
  }, 60_000);

  it('an order without an e-invoice cannot be sent', async () => {
    const consumer = await shop.guestOrder('invoice', 1);
    const r = await boPost(`/orders/${consumer.number}`, { _csrf: staff.csrf, action: 'einvoice_send', step: 'confirm' }, staff.cookie);
    expect(r.status).toBe(404);
    expect(r.body).toContain('data-testid="bo-order-error"');
  });
});

describe('credit notes', () => {
  it("a cancelled order's invoice is credited: a valid credit note delivered, downloadable by its buyer only", async () => {
    const cookie = await companyBuyer('dag', 4, PEPPOL);
    const v = await shop.ready('invoice-business', { customer: business('sv') });
    const placed = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true }, { cookie });
    const number = placeOrderResponseSchema.parse(placed.json()).order_number!;
    expect((await settled(number))!.status).toBe('delivered');

    await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'cancel' }, staff.cookie);
    const cancelled = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'cancel', step: 'confirm' }, staff.cookie);
    expect(cancelled.status, cancelled.body.slice(0, 300)).toBe(303);
    const note = await until(
      () =>
        shop.h.db
          .selectFrom('einvoice_deliveries')
          .selectAll()
          .where('order_id', '=', number)
          .where('document', '=', 'credit-note:cancel')
          .executeTakeFirst(),
      (d) => d?.status === 'delivered' || d?.status === 'failed',
    );
    expect(note).toMatchObject({ status: 'delivered', receiver: PEPPOL });
    const sent = (await submissionsOf(`CN-${number}`))[0]!;
    expect(sent).toMatchObject({ documentType: 'creditnote', guid: note!.provider_id });
    expect(sent.xml).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${number}</cbc:ID>`));
    const report = await validatePeppolInvoice(sent.xml);
    expect(report.schemaErrors).toEqual([]);
    expect(report.findings).toEqual([]);

    // the buyer downloads it from the account's order page (under the checkout's own path); staff from the order page
    const account = await request(raw(`/my-account/orders/${number}`), { headers: { cookie } });
    expect(account.body).toContain(`href="/checkout/invoice/${v.id}/credit-notes/cancel" data-testid="order-credit-note-link"`);
    const mine = await request(raw(`/checkout/invoice/${v.id}/credit-notes/cancel`));
    expect(mine.status).toBe(200);
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="credit-note-CN-${number}.xml"`);
    expect(mine.body).toBe(sent.xml);
    const staffCopy = await boGet(`/orders/${number}/credit-notes/cancel`, readOnly.cookie);
    expect(staffCopy.body).toBe(sent.xml);
    expect((await boGet(`/orders/${number}`, staff.cookie)).body).toContain(
      'data-testid="bo-order-credit-note" data-id="cancel" data-status="delivered"',
    );

    // another buyer's checkout has no such credit note; nor another storefront, nor an id of another shape
    const other = await shop.ready('invoice-business', { customer: business('sv') });
    expect((await postJson(api(`/api/checkout/${other.id}/place`), { terms_accepted: true })).status).toBe(200);
    expect((await request(raw(`/checkout/invoice/${other.id}/credit-notes/cancel`))).status).toBe(404);
    expect((await request(raw(`/checkout/invoice/${v.id}/credit-notes/cancel`, 'fi'))).status).toBe(404);
    expect((await request(raw(`/checkout/invoice/${v.id}/credit-notes/RMA-${number}-9`))).status).toBe(404);
    expect((await request(raw(`/checkout/invoice/${v.id}/credit-notes/..%2fe-invoice.xml`))).status).toBeGreaterThanOrEqual(400);
  }, 120_000);

  it("a refunded return's credit note credits the returned units at the refund, delivered and valid", async () => {
    const cookie = await companyBuyer('eva', 5, PEPPOL);
    const v = await shop.ready('invoice-business', { customer: business('sv'), quantity: 3 });
    const placed = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true }, { cookie });
    const number = placeOrderResponseSchema.parse(placed.json()).order_number!;
    for (const step of ['pick', 'ship', 'deliver']) expect((await operator(`orders/${number}/${step}`)).status).toBe(200);
    const asked = await postJson(
      api('/api/returns'),
      { order_number: number, kind: 'return', reason: 'wrong_part', lines: [{ line: 0, sku: v.items[0]!.sku, quantity: 2 }] },
      { cookie },
    );
    expect(asked.status, asked.body).toBe(201);
    const ret = returnViewSchema.parse(asked.json<{ return: unknown }>().return);
    for (const step of ['approve', 'receive', 'refund']) expect((await operator(`returns/${ret.rma}/${step}`)).status).toBe(200);
    const note = await until(
      () =>
        shop.h.db
          .selectFrom('einvoice_deliveries')
          .selectAll()
          .where('order_id', '=', number)
          .where('document', '=', `credit-note:${ret.rma}`)
          .executeTakeFirst(),
      (d) => d?.status === 'delivered' || d?.status === 'failed',
    );
    expect(note).toMatchObject({ status: 'delivered', receiver: PEPPOL });
    const sent = (await submissionsOf(`CN-${number}-1`))[0]!;
    expect(sent.documentType).toBe('creditnote');
    expect(sent.xml).toContain('<cbc:CreditedQuantity unitCode="H87">2</cbc:CreditedQuantity>');
    expect(sent.xml).toContain(`<cbc:PayableAmount currencyID="SEK">${(ret.refund.total_minor / 100).toFixed(2)}</cbc:PayableAmount>`);
    const report = await validatePeppolInvoice(sent.xml);
    expect(report.schemaErrors).toEqual([]);
    expect(report.findings).toEqual([]);
    expect((await request(raw(`/checkout/invoice/${v.id}/credit-notes/${ret.rma}`))).body).toBe(sent.xml);
  }, 120_000);
});
