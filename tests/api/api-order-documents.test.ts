/**
 * What an order leaves behind for the customer, on SQLite and PostgreSQL: the order confirmation e-mail
 * (queued in the completing transaction, once) and the own-invoice document (docs/product/emails.md,
 * docs/product/checkout.md#invoice-document).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, raw, type TestProduct } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { checkoutViewSchema, placeOrderResponseSchema, type CheckoutView } from '#lib/api/checkout-contracts.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { validatePeppolInvoice } from '#tests/support/peppol-validator.ts';

let h: DbHandle;
let products: TestProduct[];
let next = 0;
beforeAll(async () => {
  h = openTestDb();
  products = (await productsOf(h, 'sv')).filter((p) => p.orderable === 1 && p.stock_status === 'in-stock' && p.stock_quantity >= 5);
});
afterAll(async () => {
  await h.db.destroy();
});

const PERSON = {
  email: 'faktura@example.se',
  mobile: '070 123 45 67',
  first_name: 'Britt',
  last_name: 'Berg',
  street: 'Storgatan 1',
  postal_code: '123 45',
  city: 'Stockholm',
} as const;
const COMPANY = { type: 'business', company_name: 'Verkstad AB', organisation_number: '556036-0793' } as const;

const update = async (id: string, body: object) => checkoutViewSchema.parse((await postJson(api(`/api/checkout/${id}`), body)).json());

/** An own-invoice order (consumer or business) placed through the API: the checkout view and the order number. */
async function order(customer: object, method = 'invoice'): Promise<{ v: CheckoutView; number: string }> {
  const r = await postJson(api('/api/checkout'), { items: [{ sku: products[next++ % products.length]!.sku, quantity: 2 }], coupons: [] });
  const v = checkoutViewSchema.parse(r.json());
  const withOptions = await update(v.id, { customer: { type: 'consumer', ...PERSON, ...customer } });
  const option = withOptions.shipping_options[0]!;
  let ready = await update(v.id, { shipping_option_id: option.id, payment_method: method });
  if (option.has_service_points) ready = await update(v.id, { service_point_id: ready.service_points[0]!.id });
  const placed = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true });
  expect(placed.status).toBe(200);
  return { v: ready, number: placeOrderResponseSchema.parse(placed.json()).order_number! };
}

const mailsFor = (number: string) =>
  h.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', `order_confirmation:${number}`).execute();
const page = (path: string, locale: LocaleCode = 'sv') => request(raw(path, locale));

describe('the order confirmation e-mail', () => {
  it('is queued with the order, once, to the checkout e-mail, with the order and its total', async () => {
    const { v, number } = await order({});
    const mails = await mailsFor(number);
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m).toMatchObject({ kind: 'order_confirmation', locale: 'sv', recipient: PERSON.email, status: 'outbox' });
    expect(m.subject).toBe(`Orderbekräftelse ${number} – Reservdelsfronten`);
    for (const part of [m.text_body, m.html_body]) {
      expect(part).toContain(number);
      expect(part).toContain(formatMinorPrice(v.totals.total_minor, 'sv'));
      // "view your order" signs the guest in to this order (docs/product/account-pages.md)
      expect(part).toMatch(new RegExp(`/my-order/${number}\\?link=[\\w-]{43}`));
      expect(part).toContain(`/checkout/invoice/${v.id}`);
    }
    // Placing again (a double click) finds the order and queues nothing new.
    const again = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true });
    expect(placeOrderResponseSchema.parse(again.json()).order_number).toBe(number);
    expect(await mailsFor(number)).toHaveLength(1);
  });
});

describe('the own-invoice document', () => {
  it('states seller, buyer, number, dates, lines, VAT and the payment reference; never cached', async () => {
    const { v, number } = await order({});
    const r = await page(`/checkout/invoice/${v.id}`);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain('<meta name="robots" content="noindex"');
    expect(r.body).toMatch(new RegExp(`data-testid="invoice-number"[^>]*>${number}<`));
    expect(r.body).toContain('Partsfront AB');
    expect(r.body).toContain('SE559123456101');
    expect(r.body).toContain('Britt Berg');
    expect(r.body).toContain(`data-testid="invoice-amount-due" data-amount-minor="${v.totals.total_minor}"`);
    const row = await h.db.selectFrom('orders').select(['details', 'created_at']).where('id', '=', number).executeTakeFirstOrThrow();
    const ref = (JSON.parse(row.details) as { invoice_reference: { display: string } }).invoice_reference.display;
    expect(r.body).toMatch(new RegExp(`data-testid="invoice-reference" data-scheme="se_ocr">${ref}<`));
    const issue = /data-testid="invoice-issue-date" data-date="(\d{4}-\d{2}-\d{2})"/.exec(r.body)![1]!;
    const due = /data-testid="invoice-due-date" data-date="(\d{4}-\d{2}-\d{2})"/.exec(r.body)![1]!;
    expect((Date.parse(due) - Date.parse(issue)) / 86_400_000).toBe(30);
    expect(r.body.match(/data-testid="invoice-line"/g)).toHaveLength(1);
  });

  it("shows a business buyer's company and organisation number", async () => {
    const { v } = await order(COMPANY, 'invoice-business');
    const r = await page(`/checkout/invoice/${v.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('Verkstad AB');
    expect(r.body).toMatch(/data-testid="invoice-buyer-organisation-number"[^>]*>\s*Org\.nr 556036-0793/);
  });

  it('is not found for an unknown id or another storefront; an id hiding a separator is a 400', async () => {
    const { v } = await order({});
    expect((await page('/checkout/invoice/0123456789abcdef0123456789abcdef')).status).toBe(404);
    expect((await page(`/checkout/invoice/${v.id}`, 'fi')).status).toBe(404);
    expect((await page('/checkout/invoice/..%2f..%2fetc')).status).toBe(400); // refused by the host before routing
  });

  it("is a valid Peppol BIS Billing 3.0 e-invoice for a business buyer, linked from the invoice; a consumer's is not found", async () => {
    const { v, number } = await order(COMPANY, 'invoice-business');
    const html = await page(`/checkout/invoice/${v.id}`);
    expect(html.body).toContain(`data-testid="invoice-e-invoice-link" href="/checkout/invoice/${v.id}/e-invoice.xml"`);
    const r = await page(`/checkout/invoice/${v.id}/e-invoice.xml`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.xml"`);
    expect(r.headers['cache-control']).toBe('no-store');
    const report = await validatePeppolInvoice(r.body);
    expect(report.schemaErrors).toEqual([]);
    expect(report.findings).toEqual([]);
    expect(r.body).toContain(`<cbc:ID>${number}</cbc:ID>`);
    expect(r.body).toContain('<cbc:CompanyID schemeID="0007">5560360793</cbc:CompanyID>');
    expect(r.body).toContain(`<cbc:PayableAmount currencyID="SEK">${(v.totals.total_minor / 100).toFixed(2)}</cbc:PayableAmount>`);
    expect(r.body).toContain('<cbc:BuyerReference>Britt Berg</cbc:BuyerReference>');

    const consumer = await order({});
    expect((await page(`/checkout/invoice/${consumer.v.id}`)).body).not.toContain('invoice-e-invoice-link');
    expect((await page(`/checkout/invoice/${consumer.v.id}/e-invoice.xml`)).status).toBe(404);
    expect((await page(`/checkout/invoice/${v.id}/e-invoice.xml`, 'fi')).status).toBe(404);
  }, 120_000);

  it('is linked from the confirmation page of an own-invoice order', async () => {
    const { v } = await order({});
    const r = await page(`/checkout/confirmation/${v.id}`);
    expect(r.body).toContain(`href="/checkout/invoice/${v.id}"`);
    expect(r.body).toContain('data-testid="order-invoice-link"');
  });
});
