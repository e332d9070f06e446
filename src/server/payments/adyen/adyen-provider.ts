/**
 * Cards and wallets through Adyen Hosted Checkout (Checkout API v71): POST /sessions with
 * `mode: hosted` gives the page to send the shopper to; Adyen sends them back to returnUrl with
 * `sessionId` and `sessionResult`, which GET /sessions/{id} needs to tell the outcome. Adyen has no
 * "read a payment" call: everything after that (captures, refunds, a payment the shopper finished
 * without coming back) is known from our own modification answers and the HMAC-signed notifications.
 * Modifications answer `received`; their outcome arrives as CAPTURE/REFUND/CANCELLATION notifications.
 */
import type {
  CreatePaymentInput,
  PaymentProvider,
  PaymentSession,
  PaymentSessionKind,
  PaymentState,
  VerifiedNotification,
} from '../payment-provider.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import type { JsonHttpClient } from '#server/providers/http-client.ts';
import { createAdyenClient, idempotency, type AdyenConfig } from './client.ts';
import { verifyAdyenNotifications } from './notifications.ts';
import { modificationReceived, sessionCreated, sessionResult } from './schemas.ts';
import { sessionRequestBody } from './session-request.ts';
import { sessionState } from './session-state.ts';

/** What the shop's notification endpoint must answer (HTTP 200) so Adyen stops retrying. */
export const ADYEN_NOTIFICATION_ACK = '[accepted]';

/** readStatus without the return URL's sessionResult: Adyen cannot be asked; wait for the notification. */
export class SessionResultRequired extends Error {}

export class AdyenProvider implements PaymentProvider {
  readonly id = 'adyen';
  readonly kind: PaymentSessionKind = 'card';
  private readonly client: JsonHttpClient;
  private readonly config: AdyenConfig;

  constructor(config: AdyenConfig) {
    this.config = config;
    this.client = createAdyenClient(config);
  }

  async createSession(input: CreatePaymentInput): Promise<PaymentSession> {
    const body = sessionRequestBody(input, this.config.merchantAccount);
    // The shop reference is unique per attempt and stable across retries: a retried call gets the same session.
    const { data } = await this.client.call('POST', '/sessions', sessionCreated, body, idempotency(`session:${input.reference}`));
    if (!data.url) throw new ProviderUnavailable('adyen', 'the session answer has no Hosted Checkout url');
    return { sessionId: data.id, status: 'pending', redirectUrl: data.url };
  }

  async readStatus(sessionId: string, returnParams?: URLSearchParams): Promise<PaymentState> {
    const result = returnParams?.get('sessionResult');
    if (!result) throw new SessionResultRequired(`adyen: session ${sessionId} can only be read with the sessionResult from the return URL`);
    const returned = returnParams?.get('sessionId');
    if (returned && returned !== sessionId) throw new Error(`adyen: the return URL is for session ${returned}, not ${sessionId}`);
    const path = `/sessions/${encodeURIComponent(sessionId)}?sessionResult=${encodeURIComponent(result)}`;
    const { data } = await this.client.call('GET', path, sessionResult);
    // A result without payments carries no amount: 0 / '' mean "not known from this answer".
    return sessionState(data, { amountMinor: 0, currency: '' });
  }

  async capture(state: PaymentState, amountMinor: number): Promise<PaymentState> {
    const psp = pspOf(state, 'capture');
    const captured = state.capturedMinor ?? 0;
    if (state.status !== 'authorized' && state.status !== 'captured')
      throw new Error(`adyen: cannot capture a payment that is ${state.status}`);
    if (!Number.isInteger(amountMinor) || amountMinor <= 0 || captured + amountMinor > state.amountMinor) {
      throw new RangeError(`adyen: capture of ${amountMinor} exceeds the authorised ${state.amountMinor} (captured ${captured})`);
    }
    await this.modify(
      psp,
      'captures',
      { amount: { value: amountMinor, currency: state.currency } },
      `capture:${psp}:${captured}:${amountMinor}`,
    );
    return { ...state, status: 'captured', capturedMinor: captured + amountMinor };
  }

  async cancel(state: PaymentState): Promise<PaymentState> {
    // No authorised payment yet: nothing to cancel at Adyen, the session simply expires (an AUTHORISATION
    // arriving later for this checkout must then be cancelled by the shop).
    if (!state.providerReference) return { ...state, status: 'cancelled', failureCode: 'cancelled' };
    if (state.status !== 'authorized') throw new Error(`adyen: cannot cancel a payment that is ${state.status} (refund a captured one)`);
    await this.modify(state.providerReference, 'cancels', {}, `cancel:${state.providerReference}`);
    return { ...state, status: 'cancelled', failureCode: 'cancelled' };
  }

  async refund(state: PaymentState, amountMinor: number, reference: string): Promise<PaymentState> {
    const psp = pspOf(state, 'refund');
    // A state without running totals (read before the adapter tracked them) counts as fully captured.
    const captured = state.capturedMinor ?? (state.status === 'authorized' ? 0 : state.amountMinor);
    const refunded = state.refundedMinor ?? 0;
    if (!Number.isInteger(amountMinor) || amountMinor <= 0 || refunded + amountMinor > captured) {
      throw new RangeError(`adyen: refund of ${amountMinor} exceeds the refundable ${captured - refunded}`);
    }
    await this.modify(
      psp,
      'refunds',
      { amount: { value: amountMinor, currency: state.currency }, reference },
      `refund:${psp}:${reference}`,
    );
    const total = refunded + amountMinor;
    return { ...state, status: total >= captured ? 'refunded' : 'partially_refunded', capturedMinor: captured, refundedMinor: total };
  }

  async verifyNotification(_headers: Headers, rawBody: string): Promise<VerifiedNotification[] | null> {
    return verifyAdyenNotifications(rawBody, this.config);
  }

  private async modify(psp: string, action: 'captures' | 'cancels' | 'refunds', body: object, key: string): Promise<void> {
    const path = `/payments/${encodeURIComponent(psp)}/${action}`;
    await this.client.call('POST', path, modificationReceived, { merchantAccount: this.config.merchantAccount, ...body }, idempotency(key));
  }
}

function pspOf(state: PaymentState, action: string): string {
  if (!state.providerReference) throw new Error(`adyen ${action}: the payment has no psp reference yet (status ${state.status})`);
  return state.providerReference;
}
