/**
 * The Walley adapter against the Walley sandbox emulator: OAuth token, Initialize Checkout, the
 * checkout page driven like a browser, unsigned notifications verified by reading the checkout back,
 * and Management API capture / cancel / refund.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type CreatePaymentInput, type PaymentState } from '#server/payments/payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { WalleyProvider, type WalleyProviderOptions } from '#server/payments/walley/walley-provider.ts';
import { WALLEY_CLIENT } from '#sandbox/walley/walley-test-data.ts';
import { openPage, submit } from '#sandbox/shared/form-browser.ts';
import { samplePaymentInput } from '#sandbox/shared/sample-payment-input.ts';
import { backToShop, useProviderSandbox } from './provider-sandbox.ts';

const SHOP = 'http://shop.localhost:8999';
const APPROVED = '19800101-1111';
const DENIED = '19800101-2222';
const box = useProviderSandbox('walley', { hookAnswer: 'OK' });
const { control } = box;
let walley: WalleyProvider;

const options = (over: Partial<WalleyProviderOptions> = {}): WalleyProviderOptions => ({
  baseUrl: `${box.sandbox.url}/walley`,
  checkoutPageUrl: `${box.sandbox.url}/walley/checkout-page`,
  ...WALLEY_CLIENT,
  storeIds: { sv: 1001, no: 1002, da: 1003, fi: 1004 },
  merchantTermsUri: `${SHOP}/terms`,
  timeoutMs: 1500,
  ...over,
});

const input = (locale: LocaleCode = 'sv'): CreatePaymentInput =>
  samplePaymentInput(locale, 'invoice', {
    returnUrl: `${SHOP}/checkout/return?p=walley`,
    cancelUrl: `${SHOP}/checkout?p=walley`,
    notificationUrl: box.hooks.url('/webhooks/walley', 'shop.localhost'),
  });

async function purchase(nationalId: string, payment = input()): Promise<{ sessionId: string; back: URL }> {
  const session = await walley.createSession(payment);
  const page = await openPage(session.redirectUrl!);
  return { sessionId: session.sessionId, back: backToShop(await submit(page, 'purchase', { nationalIdentificationNumber: nationalId })) };
}

async function authorized(): Promise<PaymentState> {
  const { sessionId } = await purchase(APPROVED);
  return walley.readStatus(sessionId);
}

beforeAll(() => {
  walley = new WalleyProvider(options());
});

describe('checkout page', () => {
  it('creates a pending session whose page is a SANDBOX checkout', async () => {
    const session = await walley.createSession(input());
    expect(session.status).toBe('pending');
    const page = await openPage(session.redirectUrl!);
    expect(page.html).toContain('SANDBOX');
    expect(page.forms[0]?.buttons.map((b) => b.value)).toEqual(['purchase', 'abort']);
    expect((await walley.readStatus(session.sessionId)).status).toBe('pending');
  });

  it('an approved person → authorized, back on returnUrl with the public token', async () => {
    const { sessionId, back } = await purchase(APPROVED);
    expect(back.origin + back.pathname).toBe(`${SHOP}/checkout/return`);
    expect(back.searchParams.get('walley_token')).toMatch(/^public-SE-/);
    const state = await walley.readStatus(sessionId);
    expect(state).toMatchObject({ status: 'authorized', amountMinor: input().amountMinor, currency: 'SEK' });
    expect(state.providerReference).toBeTruthy();
  });

  it('a declined person → declined', async () => {
    const { sessionId } = await purchase(DENIED, input('fi'));
    expect(await walley.readStatus(sessionId)).toMatchObject({ status: 'declined', failureCode: 'declined', currency: 'EUR' });
  });

  it('"back to the store" → cancelled, on cancelUrl', async () => {
    const session = await walley.createSession(input('no'));
    const back = backToShop(await submit(await openPage(session.redirectUrl!), 'abort'));
    expect(back.href).toBe(`${SHOP}/checkout?p=walley`);
    expect((await walley.readStatus(session.sessionId)).status).toBe('cancelled');
  });

  it('has no Dutch store: nl is refused before any call', async () => {
    await expect(walley.createSession(input('nl'))).rejects.toThrow(/no store for locale nl/);
  });
});

describe('notifications (unsigned: verified by reading the checkout back)', () => {
  it('delivers the purchase notification to the shop host and verifies it', async () => {
    const { sessionId } = await purchase(APPROVED);
    const [received] = await box.hooks.waitFor((r) => r.length >= 1);
    expect(received!.host).toBe(`shop.localhost:${box.hooks.port}`);
    const verified = await walley.verifyNotification(new Headers(), received!.path);
    expect(verified).toEqual([
      expect.objectContaining({ sessionId, status: 'authorized', id: `${sessionId}:authorized`, reference: expect.any(String) }),
    ]);
  });

  it('duplicated deliveries verify to the same id (the shop deduplicates)', async () => {
    await control('faults', { duplicateNotifications: true });
    await purchase(DENIED);
    await box.hooks.waitFor((r) => r.length >= 2);
    const ids = await Promise.all(box.hooks.received.map(async (r) => (await walley.verifyNotification(new Headers(), r.path))?.[0]?.id));
    expect(new Set(ids).size).toBe(1);
  });

  it('refuses a tampered or foreign notification', async () => {
    expect(await walley.verifyNotification(new Headers(), '/webhooks/walley?privateId=00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await walley.verifyNotification(new Headers(), '?privateId=../../manage')).toBeNull();
    expect(await walley.verifyNotification(new Headers(), '{"status":"authorized"}')).toBeNull();
  });
});

describe('order management', () => {
  it('captures, refunds partly, then fully', async () => {
    const state = await authorized();
    const captured = await walley.capture(state, state.amountMinor);
    expect(captured.status).toBe('captured');
    const partly = await walley.refund(captured, 10_000, 'r-1');
    expect(partly.status).toBe('partially_refunded');
    const again = await walley.refund(captured, 10_000, 'r-1'); // same X-idempotency: not applied twice
    expect(again.status).toBe('partially_refunded');
    expect((await walley.refund(partly, state.amountMinor - 10_000, 'r-2')).status).toBe('refunded');
  });

  it('refuses to refund more than was captured (409 → ProviderRequestError)', async () => {
    const state = await walley.capture(await authorized(), 20_000);
    await expect(walley.refund(state, 30_000, 'too-much')).rejects.toMatchObject({ status: 409 });
  });

  it('cancels an authorized order; a capture afterwards is refused', async () => {
    const state = await authorized();
    expect((await walley.cancel(state)).status).toBe('cancelled');
    await expect(walley.capture(state, state.amountMinor)).rejects.toBeInstanceOf(ProviderRequestError);
  });
});

describe('credentials and faults', () => {
  it('wrong client secret → 401 as a ProviderRequestError', async () => {
    const wrong = new WalleyProvider(options({ clientSecret: 'nope' }));
    await expect(wrong.createSession(input())).rejects.toMatchObject({ status: 401, provider: 'walley' });
  });

  it('a 5xx → ProviderUnavailable, the next call works', async () => {
    await control('faults', { failNext: 1 });
    await expect(walley.createSession(input())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect((await walley.createSession(input())).status).toBe('pending');
  });

  it('an answer slower than the timeout → ProviderUnavailable', async () => {
    const session = await walley.createSession(input());
    await control('faults', { delayMs: 2500 });
    await expect(walley.createSession(input())).rejects.toBeInstanceOf(ProviderUnavailable);
    await control('faults', { delayMs: 0 });
    expect((await walley.readStatus(session.sessionId)).status).toBe('pending');
  });

  it("answers a bad request in Walley's error format", async () => {
    const { clientId, clientSecret, scope } = WALLEY_CLIENT;
    const form = new URLSearchParams({ client_id: clientId, client_secret: clientSecret, scope, grant_type: 'client_credentials' });
    const token = await fetch(`${box.sandbox.url}/walley/oauth2/v2.0/token`, { method: 'POST', body: form });
    const { access_token } = (await token.json()) as { access_token: string };
    const res = await fetch(`${box.sandbox.url}/walley/checkouts`, {
      method: 'POST',
      body: JSON.stringify({ storeId: 1001 }),
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      data: null,
      error: { code: 400, errors: expect.arrayContaining([expect.objectContaining({ reason: 'Validation_Error' })]) },
    });
  });
});
