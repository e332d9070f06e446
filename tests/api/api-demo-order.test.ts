/**
 * The README's demo guest order opens everywhere a guest can name an order (docs/product/fulfilment.md#order-numbers):
 * the guest login, /my-order/{number} and /track-order — one order-number rule, and a demo order that follows it.
 */
import { describe, expect, it } from 'vitest';
import { postJson, request, type TestResponse } from '#tests/support/http.ts';
import { api, raw } from './api-support.ts';
import { guestCookies } from './account-session.ts';
import { orderAuthResponseSchema, orderInfoResponseSchema } from '#lib/api/auth-contracts.ts';
import { DEMO_ORDER } from '#server/seed/demo-guest-order.ts';

const lookup = (number: string, contact: string) =>
  request(raw('/track-order'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, contact }).toString(),
  });
const outcome = (r: TestResponse) => /data-outcome="(\w+)"/.exec(r.body)?.[1];

describe('the demo guest order', () => {
  it('has the README number, with its check digit', () => {
    expect(DEMO_ORDER.id).toBe('1000017');
  });

  it('opens with the guest login (also typed with spaces), and /api/order-auth/info names it', async () => {
    const r = await postJson(api('/api/order-auth/login'), { order_id: '100 0017', email: DEMO_ORDER.email.toUpperCase() });
    expect(r.status).toBe(200);
    const body = orderAuthResponseSchema.parse(r.json());
    expect(body.user.order_id).toBe(DEMO_ORDER.id);
    const info = await request(api('/api/order-auth/info'), { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(info.status).toBe(200);
    expect(orderInfoResponseSchema.parse(info.json()).order).toMatchObject({ id: DEMO_ORDER.id, status: 'shipped' });
  });

  it('opens at /my-order/{number} for its guest; another spelling of the number redirects to it', async () => {
    const cookie = await guestCookies(DEMO_ORDER.id, DEMO_ORDER.email);
    const page = await request(raw(`/my-order/${DEMO_ORDER.id}`), { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`data-order-number="${DEMO_ORDER.id}"`);
    const dashed = await request(raw('/my-order/100-0017'), { headers: { cookie } });
    expect(dashed.status).toBe(303);
    expect(dashed.headers.location).toBe(`/my-order/${DEMO_ORDER.id}`);
  });

  it('opens at /track-order with its e-mail or its postal code', async () => {
    for (const contact of [DEMO_ORDER.email, DEMO_ORDER.postalCode]) {
      const r = await lookup(DEMO_ORDER.id, contact);
      expect(r.status).toBe(200);
      expect(outcome(r)).toBe('found');
      expect(r.body).toContain('data-current-step="shipped"');
    }
  });

  it('the old number without a check digit opens nowhere', async () => {
    expect(outcome(await lookup('100001', DEMO_ORDER.email))).toBe('not_found');
    expect((await postJson(api('/api/order-auth/login'), { order_id: '100001', email: DEMO_ORDER.email })).status).toBe(401);
  });
});
