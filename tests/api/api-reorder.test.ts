/**
 * Reorder and unavailable lines on the quick order page (docs/product/quick-order.md), on SQLite and PostgreSQL: one
 * of the customer's own orders comes back at today's prices, ready for the cart; someone else's order is not found;
 * a part that cannot be ordered now is reported and left out of what goes to the cart.
 */
import { describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { business, consumer } from '#tests/support/checkout-customers.ts';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { parseAtc } from '#lib/page-behaviour/query-params.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { api, productsOf, raw } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import { inStock, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(5)).slice(-2) } });

const atcOf = (body: string) => parseAtc(/data-atc="([^"]*)"/.exec(body)?.[1]);

describe("a business order's e-invoice in the account", () => {
  it("is linked from the customer's order page", async () => {
    const cookie = await accountCookies(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const v = await shop.ready('invoice-business', { customer: business('sv') });
    const placed = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true }, { cookie });
    expect(placed.status, placed.body).toBe(200);
    const number = placeOrderResponseSchema.parse(placed.json()).order_number!;
    const page = await request(raw(`/my-account/orders/${number}`), { headers: { cookie } });
    expect(page.body).toContain(`href="/checkout/invoice/${v.id}/e-invoice.xml" data-testid="order-e-invoice-link"`);
    expect((await request(raw(`/checkout/invoice/${v.id}/e-invoice.xml`))).status).toBe(200);
  });
});

describe('reorder', () => {
  it("puts one of the customer's own orders back at today's prices; another's is not found", async () => {
    const cookie = await accountCookies(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const v = await shop.ready('invoice', { customer: consumer('sv') });
    const placed = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true }, { cookie });
    expect(placed.status, placed.body).toBe(200);
    const number = placeOrderResponseSchema.parse(placed.json()).order_number!;

    const order = await request(raw(`/my-account/orders/${number}`), { headers: { cookie } });
    expect(order.body).not.toContain('order-e-invoice-link'); // a consumer's order has no e-invoice
    expect(order.body, `${order.status} ${order.body.slice(0, 3000)}`).toContain(
      `href="/my-account/quick-order?reorder=${number}" data-testid="order-reorder-link"`,
    );
    const page = await request(raw(`/my-account/quick-order?reorder=${number}`), { headers: { cookie } });
    expect(page.status).toBe(200);
    const lines = v.items.map((i) => ({ sku: i.sku, quantity: i.quantity }));
    expect(atcOf(page.body)).toEqual(lines);
    for (const l of lines) expect(page.body).toContain(`data-testid="quick-order-line" data-sku="${l.sku}" data-quantity="${l.quantity}"`);

    // an order placed without the account (a guest's) is not this customer's
    const guest = await shop.ready('invoice', { customer: consumer('sv') });
    const guestPlaced = await postJson(api(`/api/checkout/${guest.id}/place`), { terms_accepted: true });
    const guestNumber = placeOrderResponseSchema.parse(guestPlaced.json()).order_number!;
    const refused = await request(raw(`/my-account/quick-order?reorder=${guestNumber}`), { headers: { cookie } });
    expect(refused.status).toBe(404);
    expect(refused.body).toContain('data-testid="quick-order-refused"');
    expect(refused.body).not.toContain('quick-order-line');
  });

  it('reports a part that cannot be ordered now and leaves it out of the cart', async () => {
    const cookie = await accountCookies(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const all = await productsOf(shop.h, 'sv');
    const blocked = all.find((p) => p.orderable === 0)!;
    const open = all.find((p) => p.orderable === 1)!;
    const r = await request(raw('/my-account/quick-order'), {
      method: 'POST',
      headers: { cookie, origin: raw('').replace(/\/$/, ''), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ text: `${blocked.sku};1\n${open.sku};2` }).toString(),
    });
    expect(r.status).toBe(200);
    expect(r.body.match(/data-testid="quick-order-line"/g)).toHaveLength(2);
    expect(r.body.match(/data-testid="quick-order-unavailable"/g)).toHaveLength(1);
    expect(atcOf(r.body)).toEqual([{ sku: open.sku, quantity: 2 }]);
  });

  it('refuses a form posted from another site', async () => {
    const cookie = await accountCookies(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const r = await request(raw('/my-account/quick-order'), {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'text=PF-1%3B1',
    });
    expect(r.status).toBe(403);
    expect(r.body).not.toContain('quick-order-line');
  });
});
