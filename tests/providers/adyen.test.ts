/**
 * The Adyen adapter against the Adyen sandbox emulator: real HTTP on loopback, the hosted pages driven
 * like a browser would, notifications received by a local endpoint on shop.localhost and verified.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hmacValidator as AdyenHmacValidator } from '@adyen/api-library';
import { AdyenProvider, SessionResultRequired } from '#server/payments/adyen/adyen-provider.ts';
import type { AdyenConfig } from '#server/payments/adyen/client.ts';
import { notificationHmac, notificationSigningString } from '#server/payments/adyen/hmac.ts';
import { UnsupportedPaymentMethod } from '#server/payments/adyen/payment-methods.ts';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type PaymentSession, type VerifiedNotification } from '#server/payments/payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { ADYEN_SANDBOX } from '#sandbox/adyen/adyen-test-data.ts';
import { signItem } from '#sandbox/adyen/notification-signer.ts';
import { verifyAdyenNotifications } from '#server/payments/adyen/notifications.ts';
import { openPage, submit, type Navigation } from '#sandbox/shared/form-browser.ts';
import type { DeliveryRecord } from '#sandbox/shared/notifier.ts';
import { samplePaymentInput } from '#sandbox/shared/sample-payment-input.ts';
import { useProviderSandbox } from './provider-sandbox.ts';

const SHOP = 'http://shop.localhost:8999'; // the shop's return URLs: never fetched, only compared
const box = useProviderSandbox('adyen', {
  afterReset: (b) => b.control('webhook', { url: b.hooks.url('/webhooks/adyen', 'shop.localhost') }),
});
const { control } = box;
let adyen: AdyenProvider;

const config = (over: Partial<AdyenConfig> = {}): AdyenConfig => ({
  baseUrl: `${box.sandbox.url}/adyen`,
  apiKey: ADYEN_SANDBOX.apiKey,
  merchantAccount: ADYEN_SANDBOX.merchantAccount,
  hmacKeyHex: ADYEN_SANDBOX.hmacKeyHex,
  timeoutMs: 2000,
  ...over,
});

const input = (locale: LocaleCode, method: string) =>
  samplePaymentInput(locale, method, {
    returnUrl: `${SHOP}/checkout/return?p=adyen`,
    cancelUrl: `${SHOP}/checkout`,
    notificationUrl: `${SHOP}/webhooks/adyen`,
  });

/** Creates a session, opens its hosted page and presses `button` (with form values). */
async function pay(
  locale: LocaleCode,
  method: string,
  button: string,
  values: Record<string, string> = {},
): Promise<{ session: PaymentSession; nav: Navigation }> {
  const session = await adyen.createSession(input(locale, method));
  return { session, nav: await submit(await openPage(session.redirectUrl!), button, values) };
}

function returned(nav: Navigation): URLSearchParams {
  if (nav.kind !== 'left') throw new Error(`expected a redirect to the shop, got a page:\n${nav.page.html}`);
  expect(nav.location.startsWith(`${SHOP}/checkout/return?p=adyen&`)).toBe(true);
  return new URL(nav.location).searchParams;
}

/** Waits until `count` notifications arrived, and verifies each through the adapter. */
async function verified(count: number): Promise<VerifiedNotification[]> {
  await box.hooks.waitFor((r) => r.length >= count);
  const batches = await Promise.all(box.hooks.received.map((r) => adyen.verifyNotification(new Headers(), r.body)));
  expect(batches.every((b) => b !== null)).toBe(true);
  return batches.flatMap((b) => b ?? []);
}

const card = (number: string) => ({ number });

beforeAll(() => {
  adyen = new AdyenProvider(config());
});

describe('notification HMAC', () => {
  const item = {
    pspReference: '7914073381342284',
    merchantAccountCode: 'TestMerchant',
    merchantReference: 'TestPayment-1407325143704',
    amount: { value: 1130, currency: 'EUR' },
    eventCode: 'AUTHORISATION',
    success: 'true' as const,
  };

  it("matches the test vectors of Adyen's own libraries (Node/Ruby and PHP)", () => {
    expect(notificationSigningString(item)).toBe('7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true');
    expect(notificationHmac(item, '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056')).toBe(
      'coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=',
    );
    expect(notificationHmac(item, 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00')).toBe(
      'Ny9gS2veKo5E4w8/OL6xz1/wvT/hYkAXy1xNc/QvO4I=',
    );
  });

  it('signs fields with : and \\ as they are, like the library; the sandbox signs the same and the shop accepts it', () => {
    const odd = { ...item, merchantAccountCode: 'Test:\\Merchant', merchantReference: 'PF:1\\2', originalReference: 'a:b' };
    // no escaping: the separators inside values are signed as sent
    expect(notificationSigningString(odd)).toBe('7914073381342284:a:b:Test:\\Merchant:PF:1\\2:1130:EUR:AUTHORISATION:true');
    const key = ADYEN_SANDBOX.hmacKeyHex;
    const library = new AdyenHmacValidator().calculateHmac(odd as never, key);
    expect(notificationHmac(odd, key)).toBe(library);
    expect(signItem(odd, key)).toBe(library);
    const body = (hmacSignature: string) =>
      JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: { ...odd, additionalData: { hmacSignature } } }] });
    const opts = { hmacKeyHex: key, merchantAccount: odd.merchantAccountCode };
    expect(verifyAdyenNotifications(body(signItem(odd, key)), opts)).toHaveLength(1);
    // the signature the earlier, escaping code made is not Adyen's and is refused
    const escaped = [
      odd.pspReference,
      odd.originalReference,
      odd.merchantAccountCode,
      odd.merchantReference,
      '1130',
      'EUR',
      'AUTHORISATION',
      'true',
    ]
      .map((v) => v.replace(/\\/g, '\\\\').replace(/:/g, '\\:'))
      .join(':');
    expect(new AdyenHmacValidator().calculateHmac(escaped, key)).not.toBe(library);
    expect(verifyAdyenNotifications(body(new AdyenHmacValidator().calculateHmac(escaped, key)), opts)).toBeNull();
    expect(verifyAdyenNotifications(body(''), opts)).toBeNull();
  });
});

describe('sessions', () => {
  it('creates a Hosted Checkout session whose page says SANDBOX', async () => {
    const session = await adyen.createSession(input('sv', 'card'));
    expect(session).toMatchObject({ status: 'pending' });
    expect(session.redirectUrl).toBe(`${box.sandbox.url}/adyen/checkoutshopper/pay/${session.sessionId}`);
    const page = await openPage(session.redirectUrl!);
    expect(page.html).toContain('SANDBOX');
    expect(page.forms.some((f) => f.buttons.some((b) => b.value === 'pay'))).toBe(true);
  });

  it("answers a wrong API key with 401 in Adyen's format", async () => {
    const wrong = new AdyenProvider(config({ apiKey: 'nope' }));
    const error = await wrong.createSession(input('sv', 'card')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ status: 401, code: '000', body: { errorType: 'security' } });
  });

  it('validates requests like Adyen (422 14_030 without returnUrl, 403 901 for another merchant account)', async () => {
    const post = (body: unknown) =>
      fetch(`${box.sandbox.url}/adyen/v71/sessions`, {
        method: 'POST',
        headers: { 'x-api-key': ADYEN_SANDBOX.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const missing = await post({ merchantAccount: ADYEN_SANDBOX.merchantAccount, amount: { value: 100, currency: 'SEK' }, reference: 'r' });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ status: 422, errorCode: '14_030', errorType: 'validation' });
    const other = await post({ merchantAccount: 'Other', amount: { value: 100, currency: 'SEK' }, reference: 'r', returnUrl: SHOP });
    expect(await other.json()).toMatchObject({ status: 403, errorCode: '901' });
  });

  it('refuses a method the storefront does not offer, before calling Adyen', async () => {
    await expect(adyen.createSession(input('nl', 'swish'))).rejects.toBeInstanceOf(UnsupportedPaymentMethod);
    await expect(adyen.createSession(input('fi', 'vipps'))).rejects.toBeInstanceOf(UnsupportedPaymentMethod);
  });
});

describe('cards', () => {
  it('approves 4111 1111 1111 1111: back with sessionResult → authorized, notification delivered and verified', async () => {
    const { session, nav } = await pay('sv', 'card', 'pay', card('4111 1111 1111 1111'));
    const params = returned(nav);
    expect(params.get('sessionId')).toBe(session.sessionId);
    const state = await adyen.readStatus(session.sessionId, params);
    expect(state).toMatchObject({ sessionId: session.sessionId, status: 'authorized', amountMinor: 52_800, currency: 'SEK' });
    expect(state.providerReference).toMatch(/^[A-Z0-9]{16}$/);
    const [event] = await verified(1);
    expect(event).toMatchObject({
      sessionId: session.sessionId,
      status: 'authorized',
      amountMinor: 52_800,
      providerReference: state.providerReference,
    });
    expect(box.hooks.received[0]!.host).toBe(`shop.localhost:${box.hooks.port}`); // *.localhost reached on 127.0.0.1, Host kept
    const log = (await (await fetch(`${box.sandbox.url}/adyen/_sandbox/notifications`)).json()) as DeliveryRecord[];
    expect(log[0]).toMatchObject({ outcome: 'delivered', answer: '[accepted]' });
  });

  it('cannot read a session without the sessionResult from the return URL', async () => {
    const session = await adyen.createSession(input('sv', 'card'));
    await expect(adyen.readStatus(session.sessionId)).rejects.toBeInstanceOf(SessionResultRequired);
  });

  it('declines 4000 0000 0000 0002', async () => {
    const { session, nav } = await pay('no', 'card', 'pay', card('4000000000000002'));
    expect(await adyen.readStatus(session.sessionId, returned(nav))).toMatchObject({ status: 'declined', failureCode: 'declined' });
    expect(await verified(1)).toMatchObject([{ status: 'declined', failureCode: 'declined' }]);
  });

  it('asks 4212 3456 7891 0006 for a 3-D Secure challenge; completing it authorises', async () => {
    const { session, nav } = await pay('fi', 'card', 'pay', card('4212345678910006'));
    expect(nav.kind === 'page' && nav.page.html.includes('3-D Secure')).toBe(true);
    if (nav.kind !== 'page') return;
    const done = await submit(nav.page, 'complete');
    expect(await adyen.readStatus(session.sessionId, returned(done))).toMatchObject({ status: 'authorized', currency: 'EUR' });
  });

  it('declines a cancelled challenge as challenge_failed', async () => {
    const { session, nav } = await pay('fi', 'card', 'pay', card('4212345678910006'));
    if (nav.kind !== 'page') throw new Error('expected the challenge page');
    expect(await adyen.readStatus(session.sessionId, returned(await submit(nav.page, 'cancel')))).toMatchObject({ status: 'declined' });
    expect(await verified(1)).toMatchObject([{ status: 'declined', failureCode: 'challenge_failed' }]);
  });

  it('refuses an abandoned challenge when the session expires', async () => {
    const { session, nav } = await pay('sv', 'card', 'pay', card('4212345678910006'));
    if (nav.kind !== 'page') throw new Error('expected the challenge page');
    await control('expire', { sessionId: session.sessionId });
    expect(await verified(1)).toMatchObject([{ sessionId: session.sessionId, status: 'declined', failureCode: 'challenge_failed' }]);
    expect((await openPage(nav.page.url)).html).toContain('expired');
  });

  it('keeps the shopper on the page for an unknown card number', async () => {
    const { nav } = await pay('sv', 'card', 'pay', card('4242424242424242'));
    expect(nav.kind === 'page' && nav.page.status === 422 && nav.page.html.includes('Unknown card number')).toBe(true);
  });
});

describe('wallets and local methods', () => {
  it.each([
    ['sv', 'swish', 'approve', {}, 'authorized'],
    ['no', 'vipps', 'approve', {}, 'authorized'],
    ['da', 'mobilepay', 'decline', {}, 'declined'],
    ['fi', 'mobilepay', 'approve', {}, 'authorized'],
    ['da', 'dankort', 'pay', { number: '5019 5555 4444 5555' }, 'authorized'],
    ['nl', 'ideal', 'approve', { issuer: 'Rabobank' }, 'authorized'],
    ['nl', 'ideal', 'decline', {}, 'declined'],
  ] as const)('%s %s: %s → %s', async (locale, method, button, values, status) => {
    const { session, nav } = await pay(locale, method, button, values);
    expect(await adyen.readStatus(session.sessionId, returned(nav))).toMatchObject({ status });
    expect(await verified(1)).toMatchObject([{ status }]);
  });

  it('lets the shopper cancel on the hosted page', async () => {
    const { session, nav } = await pay('sv', 'swish', 'cancel');
    expect(await adyen.readStatus(session.sessionId, returned(nav))).toMatchObject({ status: 'cancelled', failureCode: 'cancelled' });
  });
});

async function authorised(locale: LocaleCode = 'sv') {
  const { session, nav } = await pay(locale, 'card', 'pay', card('4111111111111111'));
  const state = await adyen.readStatus(session.sessionId, returned(nav));
  await box.hooks.waitFor((r) => r.length >= 1);
  return state;
}

describe('captures, refunds, cancels', () => {
  it('captures in full, refunds partly and then the rest, each confirmed by a notification', async () => {
    const state = await authorised();
    const captured = await adyen.capture(state, state.amountMinor);
    expect(captured).toMatchObject({ status: 'captured', capturedMinor: 52_800 });
    const part = await adyen.refund(captured, 10_000, 'rf-1');
    expect(part).toMatchObject({ status: 'partially_refunded', refundedMinor: 10_000 });
    const full = await adyen.refund(part, 42_800, 'rf-2');
    expect(full).toMatchObject({ status: 'refunded', refundedMinor: 52_800 });
    await expect(adyen.refund(full, 1, 'rf-3')).rejects.toBeInstanceOf(RangeError);
    const events = await verified(4);
    expect(events.map((e) => [e.status, e.amountMinor, e.providerReference])).toEqual([
      ['authorized', 52_800, state.providerReference],
      ['captured', 52_800, state.providerReference],
      ['refunded', 10_000, state.providerReference],
      ['refunded', 42_800, state.providerReference],
    ]);
  });

  it('cancels an authorised payment', async () => {
    const state = await authorised('nl');
    expect(await adyen.cancel(state)).toMatchObject({ status: 'cancelled' });
    expect((await verified(2))[1]).toMatchObject({ status: 'cancelled', providerReference: state.providerReference });
  });

  it('reports a capture the payment does not allow as a failed CAPTURE notification', async () => {
    const state = await authorised();
    await adyen.cancel(state);
    await adyen.capture(state, 100); // Adyen accepts the request; the outcome comes later
    expect((await verified(3))[2]).toMatchObject({ status: 'authorized', failureCode: 'provider_error' });
  });
});

describe('notification authenticity', () => {
  it('refuses a changed amount, a wrong HMAC key, another merchant account and garbage', async () => {
    await authorised();
    const body = box.hooks.received[0]!.body;
    expect(await adyen.verifyNotification(new Headers(), body)).toHaveLength(1);
    expect(await adyen.verifyNotification(new Headers(), body.replace('"value":52800', '"value":100'))).toBeNull();
    const otherKey = new AdyenProvider(config({ hmacKeyHex: 'AA'.repeat(32) }));
    expect(await otherKey.verifyNotification(new Headers(), body)).toBeNull();
    const otherMerchant = new AdyenProvider(config({ merchantAccount: 'SomeoneElseECOM' }));
    expect(await otherMerchant.verifyNotification(new Headers(), body)).toBeNull();
    expect(await adyen.verifyNotification(new Headers(), '{"live":"false"}')).toBeNull();
    expect(await adyen.verifyNotification(new Headers(), 'not json')).toBeNull();
  });
});

describe('fault controls', () => {
  it('answers 5xx once: the POST fails as ProviderUnavailable (never retried), the next call works', async () => {
    await control('faults', { failNext: 1 });
    await expect(adyen.createSession(input('sv', 'card'))).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(adyen.createSession(input('sv', 'card'))).resolves.toMatchObject({ status: 'pending' });
  });

  it('retries a GET once after a 5xx, but not twice', async () => {
    const { session, nav } = await pay('sv', 'card', 'pay', card('4111111111111111'));
    const params = returned(nav);
    await control('faults', { failNext: 1 });
    await expect(adyen.readStatus(session.sessionId, params)).resolves.toMatchObject({ status: 'authorized' });
    await control('faults', { failNext: 2 });
    await expect(adyen.readStatus(session.sessionId, params)).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('turns an answer slower than the adapter timeout into ProviderUnavailable', async () => {
    await control('faults', { delayMs: 800 });
    const impatient = new AdyenProvider(config({ timeoutMs: 200 }));
    await expect(impatient.createSession(input('sv', 'card'))).rejects.toThrow(/timed out after 200 ms/);
  });

  it('delivers each notification twice when duplicateNotifications is on (same dedup id)', async () => {
    await control('faults', { duplicateNotifications: true });
    await authorised();
    const [first, second] = await verified(2);
    expect(box.hooks.received[0]!.body).toBe(box.hooks.received[1]!.body);
    expect(first!.id).toBe(second!.id);
  });

  it('delivers newest first when reorderNotifications is on', async () => {
    await control('faults', { reorderNotifications: true });
    const { session, nav } = await pay('sv', 'card', 'pay', card('4111111111111111'));
    const state = await adyen.readStatus(session.sessionId, returned(nav));
    await adyen.capture(state, state.amountMinor);
    expect((await verified(2)).map((e) => e.status)).toEqual(['captured', 'authorized']);
  });

  it('drops notifications when dropNotifications is on, and logs it', async () => {
    await control('faults', { dropNotifications: true });
    await pay('sv', 'card', 'pay', card('4111111111111111'));
    await new Promise((r) => setTimeout(r, 300));
    expect(box.hooks.received).toHaveLength(0);
    const log = (await (await fetch(`${box.sandbox.url}/adyen/_sandbox/notifications`)).json()) as DeliveryRecord[];
    expect(log).toMatchObject([{ outcome: 'dropped' }]);
  });

  it('delays notifications by notificationDelayMs', async () => {
    await control('faults', { notificationDelayMs: 400 });
    const started = Date.now();
    await pay('sv', 'card', 'pay', card('4111111111111111'));
    await box.hooks.waitFor((r) => r.length >= 1);
    expect(box.hooks.received[0]!.at - started).toBeGreaterThanOrEqual(380);
  });
});
