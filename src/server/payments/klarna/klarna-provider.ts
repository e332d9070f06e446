/**
 * Pay-later through Klarna Payments shown on Klarna's Hosted Payment Page: a KP session (the cart),
 * an HPP session pointing at it (→ redirect_url), Klarna places the order when the shopper is
 * approved, and Order Management captures, refunds and cancels it.
 *
 * Klarna does not sign its HPP status callbacks: "verifying" one means reading the session (and its
 * order) back from the API with our credentials and reporting what the API says; nothing in the
 * callback body but the session id is used.
 */
import type {
  CreatePaymentInput,
  PaymentProvider,
  PaymentSession,
  PaymentSessionKind,
  PaymentState,
  VerifiedNotification,
} from '../payment-provider.ts';
import { ProviderRequestError, type JsonHttpClient } from '#server/providers/http-client.ts';
import { apiBase, createKlarnaClient, type KlarnaConfig } from './client.ts';
import { idempotency } from './idempotency-key.ts';
import { expiredState, hppState, orderState } from './order-state.ts';
import {
  hppSession,
  hppSessionCreated,
  klarnaOrder,
  paymentSessionCreated,
  statusCallback,
  type HppSession,
  type KlarnaOrder,
} from './schemas.ts';
import { hppSessionBody, paymentSessionBody } from './session-request.ts';

const enc = encodeURIComponent;

export class KlarnaProvider implements PaymentProvider {
  readonly id = 'klarna';
  readonly kind: PaymentSessionKind = 'payLater';
  private readonly client: JsonHttpClient;
  private readonly config: KlarnaConfig;

  constructor(config: KlarnaConfig) {
    this.config = config;
    this.client = createKlarnaClient(config);
  }

  async createSession(input: CreatePaymentInput): Promise<PaymentSession> {
    // Keys from the shop reference (unique per attempt, stable across retries): a retry reuses both sessions.
    const kp = await this.client.call(
      'POST',
      '/payments/v1/sessions',
      paymentSessionCreated,
      paymentSessionBody(input),
      idempotency(`kp-session:${input.reference}`),
    );
    const paymentSessionUrl = `${apiBase(this.config)}/payments/v1/sessions/${enc(kp.data.session_id)}`;
    const hpp = await this.client.call(
      'POST',
      '/hpp/v1/sessions',
      hppSessionCreated,
      hppSessionBody(input, paymentSessionUrl),
      idempotency(`hpp-session:${input.reference}`),
    );
    return { sessionId: hpp.data.session_id, status: 'pending', redirectUrl: hpp.data.redirect_url };
  }

  async readStatus(sessionId: string): Promise<PaymentState> {
    return (await this.snapshot(sessionId))?.state ?? expiredState(sessionId);
  }

  async capture(state: PaymentState, amountMinor: number): Promise<PaymentState> {
    const orderId = orderOf(state, 'capture');
    // Captured-so-far in the key: a retry repeats the key, a second part capture gets a new one.
    const key = `capture:${orderId}:${state.capturedMinor ?? 0}:${amountMinor}`;
    await this.client.send(
      'POST',
      `/ordermanagement/v1/orders/${enc(orderId)}/captures`,
      { captured_amount: amountMinor },
      idempotency(key),
    );
    return orderState(state.sessionId, await this.order(orderId));
  }

  async cancel(state: PaymentState): Promise<PaymentState> {
    // The shop's state may predate the order: ask Klarna first, so an approved purchase is not left standing.
    const current = state.providerReference ? state : await this.readStatus(state.sessionId);
    if (current.providerReference) {
      await this.client.send(
        'POST',
        `/ordermanagement/v1/orders/${enc(current.providerReference)}/cancel`,
        undefined,
        idempotency(`cancel:${current.providerReference}`),
      );
      return orderState(state.sessionId, await this.order(current.providerReference));
    }
    if (current.status !== 'pending') return current; // declined, cancelled or expired already
    await this.client.send('DELETE', `/hpp/v1/sessions/${enc(state.sessionId)}`); // disables the payment page
    return { ...current, status: 'cancelled', failureCode: 'cancelled' };
  }

  async refund(state: PaymentState, amountMinor: number, reference: string): Promise<PaymentState> {
    const orderId = orderOf(state, 'refund');
    const body = { refunded_amount: amountMinor, reference, description: `Refund ${reference}` };
    await this.client.send(
      'POST',
      `/ordermanagement/v1/orders/${enc(orderId)}/refunds`,
      body,
      idempotency(`refund:${orderId}:${reference}`),
    );
    return orderState(state.sessionId, await this.order(orderId));
  }

  async verifyNotification(_headers: Headers, rawBody: string): Promise<VerifiedNotification[] | null> {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const callback = statusCallback.safeParse(json);
    if (!callback.success) return null;
    const snapshot = await this.snapshot(callback.data.session.session_id);
    if (!snapshot) return null; // no such session for our credentials: not Klarna's (or long gone)
    const { session, order, state } = snapshot;
    return [
      {
        // From the read-back, not the body: a forged event_id cannot make the shop drop a real event.
        id: `${session.session_id}:${session.status}:${order ? `${order.status}:${order.captured_amount}:${order.refunded_amount}` : (session.updated_at ?? '')}`,
        sessionId: session.session_id,
        ...(order?.merchant_reference1 ? { reference: order.merchant_reference1 } : {}),
        status: state.status,
        ...(order ? { amountMinor: state.amountMinor, providerReference: order.order_id } : {}),
        ...(state.failureCode ? { failureCode: state.failureCode } : {}),
        raw: json,
      },
    ];
  }

  /** The HPP session, its order when Klarna placed one, and the state they give; null on 404. */
  private async snapshot(sessionId: string): Promise<{ session: HppSession; order: KlarnaOrder | null; state: PaymentState } | null> {
    let session: HppSession;
    try {
      session = (await this.client.call('GET', `/hpp/v1/sessions/${enc(sessionId)}`, hppSession)).data;
    } catch (error) {
      if (error instanceof ProviderRequestError && error.status === 404) return null;
      throw error;
    }
    if (!session.order_id) return { session, order: null, state: hppState(session) };
    const order = await this.order(session.order_id);
    return { session, order, state: orderState(sessionId, order) };
  }

  private async order(orderId: string): Promise<KlarnaOrder> {
    return (await this.client.call('GET', `/ordermanagement/v1/orders/${enc(orderId)}`, klarnaOrder)).data;
  }
}

function orderOf(state: PaymentState, action: string): string {
  if (!state.providerReference) throw new Error(`klarna ${action}: the payment has no order yet (status ${state.status})`);
  return state.providerReference;
}
