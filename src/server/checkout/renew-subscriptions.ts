/**
 * The renewal scheduler (docs/product/subscriptions.md#renewals), run by `npm run subscriptions -- renew`
 * from cron: every active subscription due on or before the run date gets one renewal order, made by the
 * checkout's own completion routine from a checkout of its line — priced now, stock reserved, numbered and
 * confirmed like any order — and paid by the shop's own invoice.
 *
 * Idempotent per due date: a subscription_renewals row (primary key subscription + due date) is written
 * first and names the renewal's checkout, and the completion makes one order per checkout. A second run on
 * the same day, or one that overlaps a crashed run, finds that row and at most finishes what it started.
 */
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { afterRenewal } from '#lib/subscriptions/schedule.ts';
import { subscriptionRenewalMail } from '#lib/mail/subscription-renewal-mail.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import { companyTermsOf } from '#server/company/company-prices.ts';
import { insertCheckout, loadCheckout, newCheckoutId, type CheckoutRecord } from './checkout-repository.ts';
import { completeCheckout } from './complete-checkout.ts';
import { quoteCheckout } from './checkout-quote.ts';
import type { OrderDetails } from '#server/orders/order-details.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import type { SubscriptionsTable } from '#server/db/subscription-tables.ts';
import { parseTemplate } from '#server/subscriptions/renewal-template.ts';
import { orderRow } from '#server/orders/order-reads.ts';

type SubscriptionRow = Selectable<SubscriptionsTable>;

export interface RenewalOutcome {
  subscriptionId: string;
  due: string;
  result: 'ordered' | 'already' | 'failed';
  orderNumber?: string;
  error?: string;
}

export interface RenewalSummary {
  date: string;
  outcomes: RenewalOutcome[];
}

export async function renewSubscriptions(db: Db, date: string): Promise<RenewalSummary> {
  const due = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_due', '<=', date)
    .orderBy('next_due')
    .orderBy('id')
    .execute();
  const outcomes: RenewalOutcome[] = [];
  for (const s of due) outcomes.push(await renewOne(db, s, date));
  if (outcomes.some((o) => o.result === 'ordered')) kickMailDelivery(db);
  return { date, outcomes };
}

export function formatRenewalSummary(s: RenewalSummary): string {
  const count = (r: RenewalOutcome['result']) => s.outcomes.filter((o) => o.result === r).length;
  const failed = s.outcomes.filter((o) => o.result === 'failed').map((o) => `\n  ${o.subscriptionId} (${o.due}): ${o.error}`);
  return `${s.date}: ${s.outcomes.length} due, ${count('ordered')} ordered, ${count('already')} already renewed, ${count('failed')} failed${failed.join('')}`;
}

async function renewOne(db: Db, s: SubscriptionRow, runDate: string): Promise<RenewalOutcome> {
  const due = s.next_due;
  const base = { subscriptionId: s.id, due };
  const now = new Date().toISOString();
  await db
    .insertInto('subscription_renewals')
    .values({ subscription_id: s.id, due_date: due, status: 'pending', checkout_id: newCheckoutId(), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['subscription_id', 'due_date']).doNothing())
    .execute();
  const renewal = await db
    .selectFrom('subscription_renewals')
    .selectAll()
    .where('subscription_id', '=', s.id)
    .where('due_date', '=', due)
    .executeTakeFirstOrThrow();
  if (renewal.status === 'ordered') {
    // Made by an earlier run that stopped before moving the schedule on: finish that, nothing new.
    await advance(db, s, due, runDate);
    return { ...base, result: 'already', orderNumber: renewal.order_id ?? undefined };
  }
  try {
    const ctx = await customerContextOf(db, s.customer_id);
    const checkout = await renewalCheckout(db, s, renewal.checkout_id!, ctx);
    const done = await completeCheckout(
      db,
      checkout,
      { provider: 'invoice', status: 'authorized', amountMinor: null, sessionId: null, providerReference: null },
      'subscription',
      ctx,
    );
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscription_renewals')
        .set({ status: 'ordered', order_id: done.orderNumber, error: null, updated_at: new Date().toISOString() })
        .where('subscription_id', '=', s.id)
        .where('due_date', '=', due)
        .execute();
      const nextDue = await advance(trx, s, due, runDate);
      await enqueueMail(trx, await renewalMail(trx, s, checkout, done.orderNumber, due, nextDue));
    });
    return { ...base, result: 'ordered', orderNumber: done.orderNumber };
  } catch (err) {
    // Left pending-as-failed with its checkout: the next run tries the same checkout again.
    const error = err instanceof Error ? err.message : String(err);
    await db
      .updateTable('subscription_renewals')
      .set({ status: 'failed', error: error.slice(0, 500), updated_at: new Date().toISOString() })
      .where('subscription_id', '=', s.id)
      .where('due_date', '=', due)
      .where('status', '!=', 'ordered')
      .execute();
    return { ...base, result: 'failed', error };
  }
}

/** Moves the schedule past `due` (only if nobody else did): the last delivery is the renewal's due date. */
async function advance(db: Db, s: SubscriptionRow, due: string, runDate: string): Promise<string> {
  const nextDue = afterRenewal(due, s.interval_months, s.anchor_day, runDate);
  await db
    .updateTable('subscriptions')
    .set({ next_due: nextDue, last_delivery: due, updated_at: new Date().toISOString() })
    .where('id', '=', s.id)
    .where('next_due', '=', due)
    .execute();
  return nextDue;
}

/** The account's own discounts price the renewal as they would price the customer's cart. */
async function customerContextOf(db: Db, customerId: number | null): Promise<CartContext> {
  if (customerId === null) return {};
  const row = await db.selectFrom('customers').select('discounts').where('id', '=', customerId).executeTakeFirst();
  if (!row) return {};
  let discounts: Record<string, number> = {};
  try {
    discounts = JSON.parse(row.discounts) as Record<string, number>;
  } catch {
    /* a broken map gives no discount */
  }
  // a company member's renewal at the company's prices too (docs/adr/0035-company-prices.md)
  const company = await companyTermsOf(db, customerId);
  return { customer: { id: customerId, discounts }, ...(company ? { company } : {}) };
}

/**
 * The renewal's checkout (made once, then reused by every retry): the subscribed line as a one-off line
 * (the renewal order must not start a subscription of its own), the first order's customer, eel shipping
 * with the first order's option and service point while still offered, the shop's own invoice.
 */
async function renewalCheckout(db: Db, s: SubscriptionRow, id: string, ctx: CartContext): Promise<CheckoutRecord> {
  const existing = await loadCheckout(db, id);
  if (existing) return existing;
  const template = parseTemplate(s.renewal_template);
  const business = template.customer.type === 'business';
  const c: CheckoutRecord = {
    id,
    locale: s.locale as LocaleCode,
    status: 'open',
    items: [{ sku: s.sku, quantity: s.quantity }],
    coupons: [],
    customer: template.customer,
    shippingProcessor: 'eel',
    shippingOptionId: null,
    servicePointId: null,
    paymentMethod: business ? 'invoice-business' : 'invoice',
    providerSessions: {},
    orderId: null,
  };
  const options = (await quoteCheckout(db, c, ctx)).shippingOptions;
  const option = options.find((o) => o.id === template.shippingOptionId) ?? options.find((o) => !o.hasServicePoints) ?? options[0];
  if (!option) throw new Error('no shipping option for the subscription address');
  c.shippingOptionId = option.id;
  if (option.hasServicePoints) {
    const points = (await quoteCheckout(db, c, ctx)).servicePoints;
    c.servicePointId = (points.find((p) => p.id === template.servicePointId) ?? points[0])?.id ?? null;
    if (!c.servicePointId) throw new Error('no service point for the subscription address');
  }
  try {
    await insertCheckout(db, c);
  } catch (err) {
    // A concurrent run inserted it first: theirs is the renewal's checkout.
    const raced = await loadCheckout(db, id);
    if (raced) return raced;
    throw err;
  }
  return c;
}

async function renewalMail(db: Db, s: SubscriptionRow, c: CheckoutRecord, orderNumber: string, due: string, nextDue: string) {
  const locale = s.locale as LocaleCode;
  const order = await orderRow(db, orderNumber);
  if (!order) throw new Error(`renewal order ${orderNumber} is missing`);
  const details = JSON.parse(order.details) as Partial<OrderDetails>;
  const origin = siteSettings().origins[locale];
  const content = subscriptionRenewalMail(locale, {
    orderNumber,
    firstName: c.customer.first_name ?? '',
    productName: s.name,
    sku: s.sku,
    quantity: s.quantity,
    intervalMonths: s.interval_months,
    totalMinor: order.total_minor ?? Math.round(Number(order.total) * 100),
    invoiceReference: details.invoice_reference?.display ?? null,
    nextDue,
    orderUrl: origin + pathFor('checkout-confirmation-id', locale, { id: c.id }),
    subscriptionsUrl: origin + pathFor('my-account-subscriptions', locale),
  });
  return { ...content, kind: 'subscription_renewal' as const, locale, to: s.email, dedupeKey: `subscription_renewal:${s.id}:${due}` };
}
