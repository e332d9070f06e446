/**
 * The shop's own invoice (consumer and business): no third party, no shopper step. Placing the order
 * authorizes the invoice; the invoice document carries the country's payment reference
 * (src/lib/payments/invoice-reference.ts). State lives with the order, so status reads are local.
 */
import type { PaymentProvider, PaymentSessionKind, PaymentState } from './payment-provider.ts';

export function ownInvoiceProvider(kind: Extract<PaymentSessionKind, 'invoice' | 'invoiceBusiness'>): PaymentProvider {
  const settle = (state: PaymentState, status: PaymentState['status']): PaymentState => ({ ...state, status });
  return {
    id: 'invoice',
    kind,
    async createSession(input) {
      return { sessionId: `inv-${input.reference}`, status: 'authorized' };
    },
    async readStatus(sessionId) {
      return { sessionId, status: 'authorized', amountMinor: 0, currency: '' };
    },
    async capture(state) {
      return settle(state, 'captured');
    },
    async cancel(state) {
      return settle(state, 'cancelled');
    },
    async refund(state, amountMinor) {
      return settle(state, amountMinor >= state.amountMinor ? 'refunded' : 'partially_refunded');
    },
    async verifyNotification() {
      return null;
    }, // the shop's own invoice sends no notifications
  };
}
