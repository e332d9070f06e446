/**
 * Consumer invoice through Walley Checkout (dev.walleypay.com): initialize a checkout, send the
 * shopper to the checkout page, read the result back, then capture / cancel / refund through the
 * Management API (/manage/orders/{orderId}/…, answered 202 Accepted).
 *
 * Walley's purchase notification is an unsigned GET to our notificationUri with the private id in the
 * query; verifyNotification therefore trusts nothing in it but the id and reads the checkout back.
 */
import type {
  CreatePaymentInput,
  PaymentProvider,
  PaymentSession,
  PaymentSessionKind,
  PaymentState,
  VerifiedNotification,
} from '../payment-provider.ts';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { WalleyClient, type WalleyClientOptions } from './walley-client.ts';
import { amount, initCheckoutBody, type WalleyStoreConfig } from './walley-checkout-request.ts';
import { checkoutData, envelope, initCheckoutData, orderAnswer, type WalleyOrder } from './walley-schemas.ts';
import { walleyState } from './walley-status.ts';

export interface WalleyProviderOptions extends WalleyClientOptions, WalleyStoreConfig {
  /** Where the checkout UI is served for a public token (the emulator: {baseUrl}/checkout-page). */
  checkoutPageUrl: string;
}

interface Snapshot {
  state: PaymentState;
  reference: string | null;
}

export class WalleyProvider implements PaymentProvider {
  readonly id = 'walley';
  readonly kind: PaymentSessionKind = 'invoiceConsumer';
  private readonly client: WalleyClient;
  private readonly opts: WalleyProviderOptions;

  constructor(opts: WalleyProviderOptions) {
    this.opts = opts;
    this.client = new WalleyClient(opts);
  }

  async createSession(input: CreatePaymentInput): Promise<PaymentSession> {
    const { data: session } = await this.client.call('POST', '/checkouts', envelope(initCheckoutData), initCheckoutBody(input, this.opts));
    return {
      sessionId: session.privateId,
      status: 'pending',
      redirectUrl: `${this.opts.checkoutPageUrl}/${encodeURIComponent(session.publicToken)}`,
    };
  }

  async readStatus(sessionId: string): Promise<PaymentState> {
    return (await this.snapshot(sessionId)).state;
  }

  /**
   * Full capture sends the amount only; a part capture by amount is allowed by Walley as well. The
   * idempotency key is per amount, so a second part capture of the same amount counts as a retry (not applied).
   */
  async capture(state: PaymentState, amountMinor: number): Promise<PaymentState> {
    await this.manage(state, 'capture', { amount: amount(amountMinor) }, `capture-${state.sessionId}-${amountMinor}`);
    return this.readStatus(state.sessionId);
  }

  async cancel(state: PaymentState): Promise<PaymentState> {
    if (!state.providerReference) return { ...state, status: 'cancelled', failureCode: 'cancelled' }; // no purchase yet: the checkout simply expires
    await this.manage(state, 'cancel', {}, `cancel-${state.sessionId}`);
    return this.readStatus(state.sessionId);
  }

  async refund(state: PaymentState, amountMinor: number, reference: string): Promise<PaymentState> {
    await this.manage(
      state,
      'refund',
      { amount: amount(amountMinor), description: `Refund ${reference}`, actionReference: reference },
      reference,
    );
    return this.readStatus(state.sessionId);
  }

  async verifyNotification(_headers: Headers, rawBody: string): Promise<VerifiedNotification[] | null> {
    const privateId = notifiedPrivateId(rawBody);
    if (!privateId) return null;
    let snapshot: Snapshot;
    try {
      snapshot = await this.snapshot(privateId);
    } catch (error) {
      if (error instanceof ProviderRequestError && (error.status === 404 || error.status === 400)) return null; // not one of ours
      throw error;
    }
    const { state, reference } = snapshot;
    return [
      {
        // Walley sends no notification id: status + id identify the event for deduplication.
        id: `${privateId}:${state.status}`,
        sessionId: privateId,
        ...(reference ? { reference } : {}),
        status: state.status,
        amountMinor: state.amountMinor,
        ...(state.providerReference ? { providerReference: state.providerReference } : {}),
        ...(state.failureCode ? { failureCode: state.failureCode } : {}),
        raw: { privateId },
      },
    ];
  }

  private async snapshot(privateId: string): Promise<Snapshot> {
    const { data: checkout } = await this.client.call('GET', `/checkouts/${encodeURIComponent(privateId)}`, envelope(checkoutData));
    const order = checkout.order?.orderId && checkout.status === 'PurchaseCompleted' ? await this.order(checkout.order.orderId) : null;
    return { state: walleyState(privateId, checkout, order), reference: checkout.reference ?? null };
  }

  private async order(orderId: string): Promise<WalleyOrder> {
    return (await this.client.call('GET', `/manage/orders/${encodeURIComponent(orderId)}`, orderAnswer)).data;
  }

  private async manage(state: PaymentState, action: 'capture' | 'cancel' | 'refund', body: object, idempotencyKey: string): Promise<void> {
    if (!state.providerReference) throw new Error(`Walley ${action}: the payment has no order id yet (status ${state.status})`);
    // X-idempotency makes a retried call after a timeout safe (Walley deduplicates on it).
    await this.client.command(`/manage/orders/${encodeURIComponent(state.providerReference)}/${action}`, body, {
      'x-idempotency': idempotencyKey,
    });
  }
}

/**
 * The shop hands over the notification request's query string (Walley notifies with a GET and no
 * body), e.g. "?privateId=…"; a full URL works too.
 */
export function notifiedPrivateId(rawBody: string): string | null {
  const query = rawBody.includes('?') ? rawBody.slice(rawBody.indexOf('?') + 1) : rawBody;
  const id = new URLSearchParams(query).get('privateId');
  return id && /^[A-Za-z0-9-]{8,64}$/.test(id) ? id : null;
}
