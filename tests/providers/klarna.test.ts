/**
 * The Klarna adapter against the Klarna sandbox emulator: KP + HPP sessions, the payment page driven
 * like a browser, unsigned status callbacks verified by reading the session back, Order Management.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import type { KlarnaConfig } from '#server/payments/klarna/client.ts';
import { KlarnaProvider } from '#server/payments/klarna/klarna-provider.ts';
import { paymentSessionBody } from '#server/payments/klarna/session-request.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type CreatePaymentInput, type PaymentSession, type PaymentState } from '#server/payments/payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { KLARNA_SANDBOX } from '#sandbox/klarna/klarna-test-data.ts';
import { openPage, submit, type Navigation } from '#sandbox/shared/form-browser.ts';
import { samplePaymentInput } from '#sandbox/shared/sample-payment-input.ts';
import { backToShop, useProviderSandbox } from './provider-sandbox.ts';

const SHOP = 'http://shop.localhost:8999';
const box = useProviderSandbox('klarna', { hookAnswer: 'OK' });
const { control } = box;
let klarna: KlarnaProvider;

const config = (over: Partial<KlarnaConfig> = {}): KlarnaConfig => ({
  baseUrl: `${box.sandbox.url}/klarna`,
  username: KLARNA_SANDBOX.username,
  password: KLARNA_SANDBOX.password,
  timeoutMs: 2000,
  ...over,
});

const input = (locale: LocaleCode = 'sv', email = 'customer@example.com'): CreatePaymentInput => {
  const base = samplePaymentInput(locale, 'klarna', {
    returnUrl: `${SHOP}/checkout/return?p=klarna`,
    cancelUrl: `${SHOP}/checkout?p=klarna`,
    notificationUrl: box.hooks.url('/webhooks/klarna?secret=s3', 'shop.localhost'),
  });
  return { ...base, customer: { ...base.customer, email } };
};

/** Raw API call with the sandbox credentials (for what the adapter does not do). */
async function api(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${box.sandbox.url}/klarna${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      authorization: `Basic ${Buffer.from(`${KLARNA_SANDBOX.username}:${KLARNA_SANDBOX.password}`).toString('base64')}`,
      'content-type': 'application/json',
      ...headers,
    },
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function shop(
  button: string,
  payment: CreatePaymentInput = input(),
  values: Record<string, string> = {},
): Promise<{ session: PaymentSession; nav: Navigation }> {
  const session = await klarna.createSession(payment);
  return { session, nav: await submit(await openPage(session.redirectUrl!), button, values) };
}

async function verifiedCallbacks(count: number) {
  await box.hooks.waitFor((r) => r.length >= count);
  return Promise.all(box.hooks.received.map((r) => klarna.verifyNotification(new Headers(), r.body)));
}

async function approved(locale: LocaleCode = 'sv'): Promise<PaymentState> {
  const { session } = await shop('approve', input(locale));
  return klarna.readStatus(session.sessionId);
}

beforeAll(() => {
  klarna = new KlarnaProvider(config());
});

describe('sessions and the payment page', () => {
  it('creates KP + HPP sessions; the page is a SANDBOX with a test-person selector', async () => {
    const session = await klarna.createSession(input());
    expect(session).toMatchObject({ status: 'pending', redirectUrl: `${box.sandbox.url}/klarna/pay/${session.sessionId}` });
    expect(await klarna.readStatus(session.sessionId)).toMatchObject({ status: 'pending' });
    const page = await openPage(session.redirectUrl!);
    expect(page.html).toContain('SANDBOX');
    expect(page.forms[0]!.fields.person).toBe('approved');
    const [callback] = await verifiedCallbacks(1);
    expect(JSON.parse(box.hooks.received[0]!.body)).toMatchObject({ session: { session_id: session.sessionId, status: 'IN_PROGRESS' } });
    expect(callback).toMatchObject([{ sessionId: session.sessionId, status: 'pending' }]);
    expect(box.hooks.received[0]!.path).toBe(`/webhooks/klarna?secret=s3&sid=${session.sessionId}`);
    expect(box.hooks.received[0]!.host).toBe(`shop.localhost:${box.hooks.port}`);
  });

  it('answers wrong credentials with 401 UNAUTHORIZED', async () => {
    const error = await new KlarnaProvider(config({ password: 'wrong' })).createSession(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('validates order data like Klarna (BAD_VALUE), and the adapter refuses lines that do not sum up', async () => {
    const body = paymentSessionBody(input());
    const bad = await api('POST', '/payments/v1/sessions', { ...body, order_amount: 1 });
    expect(bad).toMatchObject({ status: 400, json: { error_code: 'BAD_VALUE', error_messages: ['Bad value: order_amount'] } });
    await expect(klarna.createSession({ ...input(), amountMinor: 1 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('shopper outcomes', () => {
  it('approved person: back on the success URL with sid + authorization_token; order placed → authorized', async () => {
    const payment = input('no');
    const { session, nav } = await shop('approve', payment);
    const back = backToShop(nav);
    expect(back.pathname).toBe('/checkout/return');
    expect(back.searchParams.get('sid')).toBe(session.sessionId);
    expect(back.searchParams.get('authorization_token')).toMatch(/^[0-9a-f-]{36}$/);
    const state = await klarna.readStatus(session.sessionId);
    expect(state).toMatchObject({ status: 'authorized', amountMinor: 52_800, currency: 'NOK', capturedMinor: 0 });
    const callbacks = (await verifiedCallbacks(2)).flatMap((c) => c ?? []);
    // Both callbacks are verified by reading back: each reports what the API says now.
    expect(callbacks.map((c) => c.status)).toEqual(['authorized', 'authorized']);
    expect(callbacks[1]).toMatchObject({ reference: payment.reference, providerReference: state.providerReference, amountMinor: 52_800 });
  });

  it('declined person → failure URL → declined', async () => {
    const { session, nav } = await shop('approve', input(), { person: 'declined' });
    expect(backToShop(nav).searchParams.get('sid')).toBe(session.sessionId);
    expect(await klarna.readStatus(session.sessionId)).toMatchObject({ status: 'declined', failureCode: 'declined' });
  });

  it('preselects the declined person for a +denied e-mail', async () => {
    const session = await klarna.createSession(input('da', 'customer+denied@example.com'));
    expect((await openPage(session.redirectUrl!)).forms[0]!.fields.person).toBe('declined');
  });

  it.each(['cancel', 'back'])('%s → the cancel URL → cancelled', async (button) => {
    const { session, nav } = await shop(button);
    expect(backToShop(nav).href).toBe(`${SHOP}/checkout?p=klarna&sid=${session.sessionId}`);
    expect(await klarna.readStatus(session.sessionId)).toMatchObject({ status: 'cancelled' });
  });

  it('Decline button → declined', async () => {
    const { session } = await shop('decline');
    expect(await klarna.readStatus(session.sessionId)).toMatchObject({ status: 'declined' });
  });

  it('an expired session reads as expired and its page is closed', async () => {
    const session = await klarna.createSession(input());
    await control('expire', { sessionId: session.sessionId });
    expect(await klarna.readStatus(session.sessionId)).toMatchObject({ status: 'expired', failureCode: 'expired' });
    expect((await openPage(session.redirectUrl!)).html).toContain('expired');
  });
});

describe('order management', () => {
  it('captures in two parts, refunds partly then fully, refuses a refund beyond the captured amount', async () => {
    const state = await approved();
    const part = await klarna.capture(state, 20_000);
    expect(part).toMatchObject({ status: 'captured', capturedMinor: 20_000 });
    const again = await klarna.capture(state, 20_000); // a retry of the same call: same idempotency key
    expect(again.capturedMinor).toBe(20_000);
    const full = await klarna.capture(part, 32_800);
    expect(full).toMatchObject({ status: 'captured', capturedMinor: 52_800 });
    const refunded = await klarna.refund(full, 5_000, 'rf-1');
    expect(refunded).toMatchObject({ status: 'partially_refunded', refundedMinor: 5_000 });
    expect(await klarna.refund(refunded, 47_800, 'rf-2')).toMatchObject({ status: 'refunded', refundedMinor: 52_800 });
    const error = await klarna.refund(refunded, 1, 'rf-3').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'REFUND_NOT_ALLOWED' });
  });

  it('cancels an authorized order, and refuses to cancel a captured one', async () => {
    expect(await klarna.cancel(await approved('fi'))).toMatchObject({ status: 'cancelled', currency: 'EUR' });
    const captured = await klarna.capture(await approved(), 52_800);
    expect(await klarna.cancel(captured).catch((e: unknown) => e)).toMatchObject({ status: 403, code: 'CANCEL_NOT_ALLOWED' });
  });

  it('cancel before the shopper finished disables the payment page', async () => {
    const session = await klarna.createSession(input());
    const state = await klarna.readStatus(session.sessionId);
    expect(await klarna.cancel(state)).toMatchObject({ status: 'cancelled' });
    expect((await openPage(session.redirectUrl!)).html).toContain('DISABLED');
  });

  it('cancel with a state older than the order still cancels the order', async () => {
    const session = await klarna.createSession(input());
    const stale = await klarna.readStatus(session.sessionId);
    await submit(await openPage(session.redirectUrl!), 'approve');
    const cancelled = await klarna.cancel(stale);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(cancelled.providerReference).toBeTruthy();
  });
});

describe('status callbacks: verified by reading back', () => {
  it('returns null for a callback about a session Klarna does not know, and for garbage', async () => {
    const forged = JSON.stringify({ event_id: 'e1', session: { session_id: '00000000-0000-0000-0000-000000000000', status: 'COMPLETED' } });
    expect(await klarna.verifyNotification(new Headers(), forged)).toBeNull();
    expect(await klarna.verifyNotification(new Headers(), 'nope')).toBeNull();
  });

  it('reports the real status, not what a forged body claims', async () => {
    const session = await klarna.createSession(input());
    const forged = JSON.stringify({ event_id: 'e2', session: { session_id: session.sessionId, status: 'COMPLETED', order_id: 'x' } });
    expect(await klarna.verifyNotification(new Headers(), forged)).toMatchObject([{ status: 'pending' }]);
  });
});

describe('the create-order flow (place_order_mode NONE) in the emulator', () => {
  it('turns the authorization_token into an order once; a replay with the same key gets the same order', async () => {
    const payment = input();
    const kp = await api('POST', '/payments/v1/sessions', paymentSessionBody(payment));
    const hpp = await api('POST', '/hpp/v1/sessions', {
      payment_session_url: `${box.sandbox.url}/klarna/payments/v1/sessions/${String(kp.json.session_id)}`,
      merchant_urls: { success: `${SHOP}/ok?token={{authorization_token}}` },
      options: { place_order_mode: 'NONE' },
    });
    expect(hpp.status).toBe(201);
    const token = backToShop(await submit(await openPage(String(hpp.json.redirect_url)), 'approve')).searchParams.get('token')!;
    expect((await api('GET', `/hpp/v1/sessions/${String(hpp.json.session_id)}`)).json).toMatchObject({
      status: 'COMPLETED',
      authorization_token: token,
    });
    const order = paymentSessionBody(payment);
    expect(
      (await api('POST', `/payments/v1/authorizations/${token}/order`, { ...order, order_amount: 1, order_lines: order.order_lines }))
        .status,
    ).toBe(400);
    const key = { 'klarna-idempotency-key': '0f5c0a9e-1111-5111-8111-000000000001' };
    const first = await api('POST', `/payments/v1/authorizations/${token}/order`, order, key);
    expect(first).toMatchObject({ status: 200, json: { fraud_status: 'ACCEPTED' } });
    expect((await api('POST', `/payments/v1/authorizations/${token}/order`, order, key)).json.order_id).toBe(first.json.order_id);
    expect((await api('POST', `/payments/v1/authorizations/${token}/order`, order)).status).toBe(404);
    expect((await api('GET', `/ordermanagement/v1/orders/${String(first.json.order_id)}`)).json).toMatchObject({
      status: 'AUTHORIZED',
      order_amount: 52_800,
    });
  });
});

describe('fault controls', () => {
  it('answers 5xx once → ProviderUnavailable; then works', async () => {
    await control('faults', { failNext: 1 });
    await expect(klarna.createSession(input())).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(klarna.createSession(input())).resolves.toMatchObject({ status: 'pending' });
  });

  it('a delay beyond the adapter timeout → ProviderUnavailable', async () => {
    await control('faults', { delayMs: 800 });
    await expect(new KlarnaProvider(config({ timeoutMs: 200 })).createSession(input())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('duplicates callbacks; verification gives both the same id', async () => {
    await control('faults', { duplicateNotifications: true });
    await openPage((await klarna.createSession(input())).redirectUrl!);
    const [a, b] = await verifiedCallbacks(2);
    expect(box.hooks.received[0]!.body).toBe(box.hooks.received[1]!.body);
    expect(a![0]!.id).toBe(b![0]!.id);
  });

  it('reorders callbacks: COMPLETED arrives before IN_PROGRESS', async () => {
    await control('faults', { reorderNotifications: true });
    await shop('approve');
    await box.hooks.waitFor((r) => r.length >= 2);
    expect(box.hooks.received.map((r) => (JSON.parse(r.body) as { session: { status: string } }).session.status)).toEqual([
      'COMPLETED',
      'IN_PROGRESS',
    ]);
  });
});
