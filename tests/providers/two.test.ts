/**
 * The Two adapter against the Two sandbox emulator: order creation with the company credit check,
 * the verification page driven like a browser, Svix-signed webhooks, fulfil / cancel / refund.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type CreatePaymentInput, type PaymentState } from '#server/payments/payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { TwoProvider, type TwoProviderOptions } from '#server/payments/two/two-provider.ts';
import { TWO_API_KEY, TWO_WEBHOOK_SECRET } from '#sandbox/two/two-test-data.ts';
import { sign } from '#sandbox/two/two-webhooks.ts';
import { openPage, submit } from '#sandbox/shared/form-browser.ts';
import { samplePaymentInput } from '#sandbox/shared/sample-payment-input.ts';
import type { ReceivedNotification } from '#sandbox/shared/webhook-recorder.ts';
import { backToShop, useProviderSandbox } from './provider-sandbox.ts';

const SHOP = 'http://shop.localhost:8999';
const COMPANY: Record<'approved' | 'declined', [LocaleCode, string]> = { approved: ['sv', '559900-1004'], declined: ['sv', '559900-1012'] };
const box = useProviderSandbox('two', { hookAnswer: 'OK' });
const { control } = box;
let two: TwoProvider;

const options = (over: Partial<TwoProviderOptions> = {}): TwoProviderOptions => ({
  baseUrl: `${box.sandbox.url}/two`,
  apiKey: TWO_API_KEY,
  webhookSecret: TWO_WEBHOOK_SECRET,
  timeoutMs: 1500,
  ...over,
});

function input(company: 'approved' | 'declined' = 'approved', orgNumber?: string, locale?: LocaleCode): CreatePaymentInput {
  const [defaultLocale, number] = COMPANY[company];
  const base = samplePaymentInput(locale ?? defaultLocale, 'invoice', {
    returnUrl: `${SHOP}/checkout/return?p=two`,
    cancelUrl: `${SHOP}/checkout?p=two`,
    notificationUrl: box.hooks.url('/webhooks/two', 'shop.localhost'),
  });
  return { ...base, customer: { ...base.customer, type: 'business', companyName: 'Testfirma', organisationNumber: orgNumber ?? number } };
}

async function verifyOnPage(button: 'verify' | 'reject' | 'cancel', payment = input()): Promise<{ sessionId: string; back: URL }> {
  const session = await two.createSession(payment);
  expect(session).toMatchObject({ status: 'pending', redirectUrl: expect.stringContaining('/two/checkout/') });
  return { sessionId: session.sessionId, back: backToShop(await submit(await openPage(session.redirectUrl!), button)) };
}

const headersOf = (r: ReceivedNotification): Headers =>
  new Headers(Object.entries(r.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])));
const verifyAll = (received: ReceivedNotification[]) => Promise.all(received.map((r) => two.verifyNotification(headersOf(r), r.body)));

async function fulfilled(): Promise<PaymentState> {
  const { sessionId } = await verifyOnPage('verify');
  const state = await two.readStatus(sessionId);
  return two.capture(state, state.amountMinor);
}

beforeAll(() => {
  two = new TwoProvider(options());
});

describe('order and verification', () => {
  it('an approved company verifies on the page → authorized (and confirmed on read)', async () => {
    const { sessionId, back } = await verifyOnPage('verify');
    expect(back.href).toBe(`${SHOP}/checkout/return?p=two`);
    expect(await two.readStatus(sessionId)).toMatchObject({
      status: 'authorized',
      providerReference: sessionId,
      currency: 'SEK',
      amountMinor: input().amountMinor,
    });
    const raw = await fetch(`${box.sandbox.url}/two/v1/order/${sessionId}`, { headers: { 'x-api-key': TWO_API_KEY } });
    expect(await raw.json()).toMatchObject({ state: 'CONFIRMED', status: 'APPROVED' });
  });

  it('a declined company is refused at creation: no page', async () => {
    const session = await two.createSession(input('declined'));
    expect(session.status).toBe('declined');
    expect(session.redirectUrl).toBeUndefined();
    expect(await two.readStatus(session.sessionId)).toMatchObject({ status: 'declined', failureCode: 'declined' });
  });

  it('a failed verification → declined, back on returnUrl', async () => {
    const { sessionId, back } = await verifyOnPage('reject', input('approved', '999900003', 'no'));
    expect(back.pathname).toBe('/checkout/return');
    expect((await two.readStatus(sessionId)).status).toBe('declined');
  });

  it('cancel on the page → cancelUrl; the shop then cancels the order', async () => {
    const { sessionId, back } = await verifyOnPage('cancel', input('approved', '9999000-7', 'fi'));
    expect(back.href).toBe(`${SHOP}/checkout?p=two`);
    const state = await two.readStatus(sessionId);
    expect(state.status).toBe('pending');
    expect((await two.cancel(state)).status).toBe('cancelled');
  });

  it("validates the organisation number in Two's error format", async () => {
    const error = await two.createSession(input('approved', '559900-1005')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'SCHEMA_ERROR',
      message: expect.stringContaining('buyer.company.organization_number'),
    });
  });

  it('an unknown (well-formed) company is declined as BUYER_NOT_FOUND', async () => {
    const session = await two.createSession(input('approved', '559900-1020'));
    expect(session.status).toBe('declined');
  });

  it('a retried create with the same reference is the same order', async () => {
    const payment = input();
    expect((await two.createSession(payment)).sessionId).toBe((await two.createSession(payment)).sessionId);
  });
});

describe('webhooks (Svix-signed)', () => {
  it('delivers order.verified.v1 to the shop host; the signature verifies', async () => {
    const { sessionId } = await verifyOnPage('verify', input('approved', '99990007', 'da'));
    const received = await box.hooks.waitFor((r) => r.length >= 1);
    expect(received[0]!.host).toBe(`shop.localhost:${box.hooks.port}`);
    expect(await verifyAll(received)).toEqual([
      [expect.objectContaining({ sessionId, status: 'authorized', amountMinor: input().amountMinor, reference: expect.any(String) })],
    ]);
  });

  it('a declined company sends order.rejected.v1 → declined', async () => {
    await two.createSession(input('declined'));
    expect(await verifyAll(await box.hooks.waitFor((r) => r.length >= 1))).toEqual([
      [expect.objectContaining({ status: 'declined', failureCode: 'declined' })],
    ]);
  });

  it('refuses a tampered body, a wrong signature and a stale timestamp', async () => {
    await verifyOnPage('verify');
    const [hook] = await box.hooks.waitFor((r) => r.length >= 1);
    const headers = headersOf(hook!);
    expect(await two.verifyNotification(headers, hook!.body.replace('order.verified.v1', 'order.fulfilled.v1'))).toBeNull();
    const forged = new Headers(headers);
    forged.set('svix-signature', `v1,${sign(headers.get('svix-id')!, headers.get('svix-timestamp')!, hook!.body, 'whsec_b3RoZXIta2V5')}`);
    expect(await two.verifyNotification(forged, hook!.body)).toBeNull();
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = new Headers(headers);
    stale.set('svix-timestamp', old);
    stale.set('svix-signature', `v1,${sign(headers.get('svix-id')!, old, hook!.body)}`);
    expect(await two.verifyNotification(stale, hook!.body)).toBeNull();
  });
});

describe('fulfil, cancel, refund', () => {
  it('fulfils (capture), refunds partly, then the rest', async () => {
    const state = await fulfilled();
    expect(state.status).toBe('captured');
    const partly = await two.refund(state, 10_000, 'r-1');
    expect(partly.status).toBe('partially_refunded');
    expect((await two.refund(partly, state.amountMinor - 10_000, 'r-2')).status).toBe('refunded');
    const events = await verifyAll(await box.hooks.waitFor((r) => r.length >= 4));
    expect(events.map((e) => e?.[0]?.status)).toEqual(['authorized', 'captured', 'partially_refunded', 'refunded']);
  });

  it('refuses a partial fulfilment and a cancel after fulfilment', async () => {
    const { sessionId } = await verifyOnPage('verify');
    const state = await two.readStatus(sessionId);
    await expect(two.capture(state, state.amountMinor - 100)).rejects.toThrow(/partial fulfilment/);
    const captured = await two.capture(state, state.amountMinor);
    await expect(two.cancel(captured)).rejects.toMatchObject({ status: 400, code: 'ORDER_INVALID_STATE' });
  });

  it('cancels a verified order', async () => {
    const { sessionId } = await verifyOnPage('verify');
    expect((await two.cancel(await two.readStatus(sessionId))).status).toBe('cancelled');
  });
});

describe('credentials and faults', () => {
  it('a wrong API key → 401 ProviderRequestError', async () => {
    await expect(new TwoProvider(options({ apiKey: 'wrong' })).createSession(input())).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('a 5xx → ProviderUnavailable, then it works', async () => {
    await control('faults', { failNext: 1 });
    await expect(two.createSession(input())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect((await two.createSession(input())).status).toBe('pending');
  });

  it('an answer slower than the timeout → ProviderUnavailable', async () => {
    await control('faults', { delayMs: 2500 });
    await expect(two.createSession(input())).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});
