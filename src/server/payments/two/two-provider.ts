/**
 * Business invoice through Two (docs.two.inc, Order API): create the order (Two credit-checks the
 * buyer company at once), send the buyer to `payment_url` to verify, confirm on return, fulfil to
 * invoice, cancel before fulfilment, refund after. Webhooks are Svix-signed and verified here.
 */
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import type {
  CreatePaymentInput,
  PaymentProvider,
  PaymentSession,
  PaymentSessionKind,
  PaymentState,
  PaymentStatus,
  VerifiedNotification,
} from '../payment-provider.ts';
import { TwoClient, type TwoClientOptions } from './two-client.ts';
import { createOrderBody } from './two-order-request.ts';
import { refundBody } from './two-refund-request.ts';
import { refundSummary, twoOrder, webhookEvent, type TwoOrder, type TwoWebhookEvent } from './two-schemas.ts';
import { twoState } from './two-status.ts';
import { verifySvix } from './two-webhook-signature.ts';

export interface TwoProviderOptions extends TwoClientOptions {
  /** The endpoint's signing secret from Two's webhook portal ("whsec_…"). */
  webhookSecret: string;
}

export class TwoProvider implements PaymentProvider {
  readonly id = 'two';
  readonly kind: PaymentSessionKind = 'invoiceBusiness';
  private readonly client: TwoClient;
  private readonly webhookSecret: string;

  constructor(opts: TwoProviderOptions) {
    this.client = new TwoClient(opts);
    this.webhookSecret = opts.webhookSecret;
  }

  async createSession(input: CreatePaymentInput): Promise<PaymentSession> {
    // Idempotency: the shop reference is unique per attempt and stable across retries of this call.
    const order = await this.client.call('POST', '/v1/order', twoOrder, createOrderBody(input), { 'idempotency-key': input.reference });
    const state = twoState(order);
    const redirect = state.status === 'pending' && order.payment_url ? { redirectUrl: order.payment_url } : {};
    return { sessionId: order.id, status: state.status, ...redirect };
  }

  /** A VERIFIED order is confirmed here: reading it back is what the shop does when the buyer returns. */
  async readStatus(sessionId: string): Promise<PaymentState> {
    return twoState(await this.confirmed(await this.order(sessionId)));
  }

  /** Two fulfils whole orders from the API without line items; a part capture would need them. */
  async capture(state: PaymentState, amountMinor: number): Promise<PaymentState> {
    const order = await this.order(state.sessionId);
    if (amountMinor !== toMinorUnits(order.gross_amount))
      throw new Error('Two: partial fulfilment needs line items; capture the full order amount');
    await this.client.send(`/v1/order/${encodeURIComponent(order.id)}/fulfilled`, { 'idempotency-key': `fulfil-${order.id}` });
    return twoState(await this.order(order.id));
  }

  async cancel(state: PaymentState): Promise<PaymentState> {
    await this.client.send(`/v1/order/${encodeURIComponent(state.sessionId)}/cancel`); // 202 when already cancelled
    return twoState(await this.order(state.sessionId));
  }

  async refund(state: PaymentState, amountMinor: number, reference: string): Promise<PaymentState> {
    const order = await this.order(state.sessionId);
    await this.client.call(
      'POST',
      `/v1/order/${encodeURIComponent(order.id)}/refund`,
      refundSummary,
      refundBody(order, amountMinor, reference),
      { 'idempotency-key': reference },
    );
    return twoState(await this.order(order.id));
  }

  async verifyNotification(headers: Headers, rawBody: string): Promise<VerifiedNotification[] | null> {
    const messageId = verifySvix(this.webhookSecret, headers, rawBody);
    if (!messageId) return null;
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const event = webhookEvent.safeParse(json);
    if (!event.success) return null;
    let status = eventStatus(event.data);
    if (!status) return []; // authentic, but not an event that changes the payment
    // A verified order must still be confirmed by the merchant; the webhook may beat the buyer's return (which
    // confirms in readStatus), so confirm here too. An order Two does not (yet) hold as verified makes nothing;
    // one already past it (confirmed, fulfilled, refunded) keeps the event's meaning. Two down → the webhook is
    // answered 5xx and Two retries it.
    if (event.data.type === 'order.verified.v1') {
      const now = await this.confirmed(await this.order(event.data.data.order_id));
      if (twoState(now).status === 'pending') status = 'pending';
    }
    const gross = event.data.data.gross_amount;
    return [
      {
        id: messageId,
        sessionId: event.data.data.order_id,
        ...(event.data.data.merchant_order_id ? { reference: event.data.data.merchant_order_id } : {}),
        status,
        ...(gross ? { amountMinor: toMinorUnits(gross) } : {}),
        providerReference: event.data.data.order_id,
        ...(status === 'declined' ? { failureCode: 'declined' } : status === 'cancelled' ? { failureCode: 'cancelled' } : {}),
        raw: event.data,
      },
    ];
  }

  /** The order as Two has it after the merchant's confirmation: a VERIFIED order is confirmed, any other answered as read. */
  private async confirmed(order: TwoOrder): Promise<TwoOrder> {
    if (order.state !== 'VERIFIED') return order;
    return this.client.call('POST', `/v1/order/${encodeURIComponent(order.id)}/confirm`, twoOrder);
  }

  private async order(id: string): Promise<TwoOrder> {
    return this.client.call('GET', `/v1/order/${encodeURIComponent(id)}`, twoOrder);
  }
}

function eventStatus(event: TwoWebhookEvent): PaymentStatus | null {
  switch (event.type) {
    case 'order.verified.v1':
      return 'authorized';
    case 'order.rejected.v1':
      return 'declined';
    case 'order.cancelled.v1':
      return 'cancelled';
    case 'order.fulfilled.v1':
      return 'captured';
    case 'order.refunded.v1': {
      const { gross_amount: gross, refunded_gross_amount: refunded } = event.data;
      return gross && refunded && toMinorUnits(refunded) < toMinorUnits(gross) ? 'partially_refunded' : 'refunded';
    }
    default:
      return null;
  }
}
