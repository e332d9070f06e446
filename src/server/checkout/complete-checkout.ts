/**
 * THE completion routine (docs/adr/0007-checkout-orders-and-money.md): called from the shopper's return,
 * from verified provider notifications and from reconciliation, any number of times, in any order, in any
 * process. It ends in exactly one order per checkout: the unique orders.checkout_id decides a race, stock is
 * reserved and the order number taken in the same transaction, and a loser reads the winner's order.
 * Only the completion that made the order then tells a session-keeping shipping processor (Ingrid) the
 * order number, outside the transaction and best effort (src/server/shipping/shipping-confirmation.ts).
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { invoiceReference } from '#lib/payments/invoice-reference.ts';
import { ConflictError, PriceChangedError } from '#lib/errors/domain-errors.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import { confirmShipping } from '#server/shipping/shipping-confirmation.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { shippingProviderFor } from '#server/shipping/shipping-registry.ts';
import type { CheckoutRecord } from './checkout-repository.ts';
import { quoteCheckout, type CheckoutQuote } from './checkout-quote.ts';
import { checkoutView } from './checkout-view.ts';
import { confirmationMail } from './confirmation-mail.ts';
import type { OrderCompany, OrderDetails } from '#server/orders/order-details.ts';
import { companyMemberOf, orderCompanyOf } from './company-checkout.ts';
import { nextOrderNumber } from '#server/orders/order-numbers.ts';
import { insertOrder } from '#server/orders/new-order.ts';
import { orderNumberOfCheckout } from '#server/orders/order-reads.ts';
import { paymentMethodsFor } from './payment-methods.ts';
import { reserveStock } from './stock-reservation.ts';
import { recordOrdered } from '#server/quotes/quote-store.ts';
import { QuoteRefused } from '#lib/quotes/quote-refused.ts';
import { issueOrderLink } from '#server/orders/order-links.ts';
import { createSubscriptions } from '#server/subscriptions/create-subscriptions.ts';
import { createAccountForOrder } from '#server/account/account-from-order.ts';
import { recordOrderVisitor } from '#server/experiments/experiment-events.ts';
import { kickEInvoiceDelivery } from '#server/einvoice/einvoice-worker.ts';
import { queueEInvoiceDelivery } from './e-invoice-delivery.ts';

export interface PaymentOutcome {
  provider: string;
  status: 'authorized' | 'captured';
  amountMinor: number | null;
  sessionId: string | null;
  providerReference: string | null;
}

/** The charged amount differs from what the server prices the checkout at now: never complete on the old amount. */
export class PriceChanged extends PriceChangedError {}

/** The checkout waits for (or was declined by) a company admin: only the approval places it (ADR 0034). */
export class AwaitingApproval extends ConflictError {}

/**
 * Work that must commit or fail with the order, in its transaction: `first` before stock is reserved (a company
 * admin's decision, ADR 0034: a decision that cannot be taken places nothing, one that fails placing is not kept),
 * `placed` once the order row exists.
 */
export interface CompletionUnit {
  first?: (trx: Db) => Promise<void>;
  placed?: (trx: Db, orderNumber: string) => Promise<void>;
}

const FIK_CREDITOR = process.env.PARTSFRONT_FIK_CREDITOR ?? '85799665';

function detailsOf(
  c: CheckoutRecord,
  q: CheckoutQuote,
  payment: PaymentOutcome,
  orderNumber: string,
  company: OrderCompany | undefined,
): OrderDetails {
  const method = paymentMethodsFor(c.locale).find((m) => m.id === c.paymentMethod);
  const view = checkoutView(c, q);
  const ownInvoice = payment.provider === 'invoice';
  return {
    checkout_id: c.id,
    customer: c.customer,
    coupons: c.coupons,
    totals: q.totals,
    lines: q.items.map((l, i) => ({
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unit_price_minor: q.lineTotalsMinor[i] / l.quantity,
      total_minor: q.lineTotalsMinor[i],
      vat_rate: l.vat,
    })),
    shipping: {
      processor: c.shippingProcessor,
      served_by: q.shippingServedBy,
      session_id: shippingSessionOf(c, q),
      option_id: q.shipping!.id,
      carrier: q.shipping!.carrier,
      name: q.shipping!.name,
      min_days: q.shipping!.minDays,
      max_days: q.shipping!.maxDays,
      service_point: view.service_points.find((p) => p.id === view.service_point_id) ?? null,
    },
    payment: {
      method: c.paymentMethod!,
      method_name: method?.name ?? c.paymentMethod!,
      provider: payment.provider,
      session_id: payment.sessionId,
      provider_reference: payment.providerReference,
    },
    invoice_reference: ownInvoice ? invoiceReference(c.locale, orderNumber, { fikCreditorNumber: FIK_CREDITOR }) : null,
    ...(company ? { company } : {}),
    ...(c.quoteId ? { quote_id: c.quoteId } : {}),
  };
}

/** The processor session that served this quote (none for eel). */
function shippingSessionOf(c: CheckoutRecord, q: CheckoutQuote): string | null {
  const record = c.providerSessions.shipping;
  return record && record.provider === q.shippingServedBy ? record.id : null;
}

/** After the order exists, outside its transaction, only by the completion that made it: see shipping-confirmation.ts. */
async function confirmShippingOf(db: Db, c: CheckoutRecord, q: CheckoutQuote, orderNumber: string, source: string): Promise<void> {
  const sessionId = shippingSessionOf(c, q);
  if (!sessionId || !q.shipping) return;
  const customer = c.customer;
  await confirmShipping(
    db,
    shippingProviderFor(c.shippingProcessor),
    {
      sessionId,
      orderNumber,
      optionId: q.shipping.id,
      ...(q.servicePoint ? { servicePointId: q.servicePoint.id } : {}),
      recipient: {
        name: `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim(),
        email: customer.email ?? '',
        mobile: customer.mobile ?? '',
        street: customer.street ?? '',
        postalCode: customer.postal_code ?? '',
        city: customer.city ?? '',
        countryCode: LOCALES[c.locale].countryCode,
      },
    },
    source,
  );
}

export async function completeCheckout(
  db: Db,
  c: CheckoutRecord,
  payment: PaymentOutcome,
  source: string,
  ctx: CartContext = {},
  /** Only the demo seed (src/server/seed/demo-guest-order.ts): a reserved number instead of the counter's next. */
  fixedNumber?: string,
  unit: CompletionUnit = {},
): Promise<{ orderNumber: string; created: boolean }> {
  const done = await orderNumberOfCheckout(db, c.id);
  if (done) return { orderNumber: done, created: false };
  // An order waiting for a company admin is placed only by the approval; a declined one never (ADR 0034).
  if (c.status === 'declined' || (c.status === 'awaiting_approval' && source !== 'approval'))
    throw new AwaitingApproval('this order waits for (or was declined by) a company admin');
  const quote = await quoteCheckout(db, c, ctx);
  if (payment.amountMinor !== null && payment.amountMinor !== quote.totals.total_minor)
    throw new PriceChanged('the amount paid differs from the total now');
  const now = new Date().toISOString();
  let made: { number: string; created: boolean };
  try {
    made = await db.transaction().execute(async (trx) => {
      const raced = await orderNumberOfCheckout(trx, c.id);
      if (raced) return { number: raced, created: false };
      await unit.first?.(trx);
      await reserveStock(trx, quote.items);
      const number = fixedNumber ?? (await nextOrderNumber(trx));
      // a quote is ordered once: the order that takes it is the one (docs/adr/0036-quotes.md)
      if (c.quoteId && !(await recordOrdered(trx, c.quoteId, c.id, number))) throw new QuoteRefused(c.locale, 'used');
      // A member of a company orders for it: the order is the company's (docs/product/company-accounts.md#orders).
      const member = await companyMemberOf(trx, c.locale, ctx);
      const details = detailsOf(c, quote, payment, number, member && (await orderCompanyOf(trx, member)));
      await insertOrder(trx, {
        number,
        checkoutId: c.id,
        locale: c.locale,
        email: c.customer.email ?? '',
        // the account of the shopper who placed it while logged in (a guest order: null, linked by e-mail)
        customerId: ctx.customer?.id ?? null,
        companyId: member?.company.id ?? null,
        totalMinor: quote.totals.total_minor,
        paymentStatus: payment.status,
        items: quote.items,
        details,
        at: now,
        source,
      });
      // The confirmation is queued with the order: one cannot exist without the other (docs/product/emails.md).
      // Its "view your order" link signs the guest in to this order (docs/product/account-pages.md).
      await enqueueMail(trx, confirmationMail(c.locale, number, now, details, await issueOrderLink(trx, c.locale, number)));
      // Lines bought on subscription become subscriptions with the order (docs/product/subscriptions.md).
      await createSubscriptions(trx, {
        orderNumber: number,
        locale: c.locale,
        customerId: ctx.customer?.id ?? null,
        email: c.customer.email ?? '',
        checkout: c,
        items: quote.items,
        at: now,
      });
      // "Create an account with this order": account, link to the order, set-password e-mail (docs/product/accounts.md).
      await createAccountForOrder(trx, { orderNumber: number, checkout: c, at: now });
      // The experiment visitor of the checkout goes onto the order (docs/product/experiments.md#orders).
      await recordOrderVisitor(trx, c.id, number);
      // A business own-invoice order's e-invoice is issued with it: queued for the access point (docs/product/e-invoices.md#delivery).
      await queueEInvoiceDelivery(trx, number, details);
      await unit.placed?.(trx, number);
      await trx.updateTable('checkouts').set({ status: 'completed', order_id: number, updated_at: now }).where('id', '=', c.id).execute();
      return { number, created: true };
    });
  } catch (err) {
    // Another process completed this checkout between our check and our insert: its order is the order.
    const winner = await orderNumberOfCheckout(db, c.id);
    if (winner) return { orderNumber: winner, created: false };
    throw err;
  }
  if (made.created) {
    kickMailDelivery(db); // sends now when SMTP is configured, else the outbox row is the delivery
    kickEInvoiceDelivery(db);
    await confirmShippingOf(db, c, quote, made.number, source);
  }
  return { orderNumber: made.number, created: made.created };
}
