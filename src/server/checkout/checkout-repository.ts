/** Checkout rows: the server's copy of a shopper's cart, customer and choices (JSON columns parsed here only). */
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CartLineInput } from '#lib/api/cart-contracts.ts';
import type { CheckoutCustomer } from '#lib/api/checkout-contracts.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import type { ProviderSession } from '#server/providers/provider-session.ts';
import type { ShippingMemo } from '#server/shipping/shipping-session.ts';

export interface ProviderSessionRecord extends ProviderSession {
  /** The storefront method it was opened for, and its hosted page: an open session for the same amount and method is reused. */
  method?: string;
  redirectUrl?: string;
  /** The logged-in customer's pricing the amount was computed with: completion from a return or notification re-prices with it. */
  context?: CartContext;
  /** The provider reported it declined, cancelled or expired: the next placing opens a new attempt. */
  closed?: boolean;
  /**
   * The `shipping` session only (Ingrid's Delivery Checkout session; amountMinor is the goods total it was
   * given, reference the checkout id): the processor's last answer, see src/server/shipping/shipping-session.ts.
   */
  shipping?: ShippingMemo;
}

export interface CheckoutRecord {
  id: string;
  locale: LocaleCode;
  /** `awaiting_approval` / `declined`: a company buyer's order above their limit (ADR 0034), frozen like a completed one. */
  status: 'open' | 'paying' | 'completed' | 'awaiting_approval' | 'declined';
  items: CartLineInput[];
  coupons: string[];
  customer: Partial<CheckoutCustomer>;
  shippingProcessor: string;
  shippingOptionId: string | null;
  servicePointId: string | null;
  paymentMethod: string | null;
  /** The provider sessions of the cart state (payLater, shipping, card, invoice, invoiceConsumer, invoiceBusiness). */
  providerSessions: Partial<Record<string, ProviderSessionRecord>>;
  orderId: string | null;
  /** The accepted quote this checkout was opened for: priced at its prices (src/server/checkout/quoted-cart.ts). */
  quoteId?: string | null;
}

/** 128 random bits: the checkout id is also what opens its confirmation page, so it must not be guessable. */
export const newCheckoutId = (): string => randomBytes(16).toString('base64url');

/** A checkout of this storefront; without a locale (provider notifications) of any storefront, with its own locale. */
export async function loadCheckout(db: Db, id: string, locale?: LocaleCode): Promise<CheckoutRecord | undefined> {
  let query = db.selectFrom('checkouts').selectAll().where('id', '=', id);
  if (locale) query = query.where('locale', '=', locale);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    locale: row.locale as LocaleCode,
    status: row.status as CheckoutRecord['status'],
    items: JSON.parse(row.items),
    coupons: JSON.parse(row.coupons),
    customer: JSON.parse(row.customer),
    shippingProcessor: row.shipping_processor,
    shippingOptionId: row.shipping_option_id,
    servicePointId: row.service_point_id,
    paymentMethod: row.payment_method,
    providerSessions: JSON.parse(row.provider_sessions),
    orderId: row.order_id,
    quoteId: row.quote_id ?? null,
  };
}

function columns(c: CheckoutRecord) {
  return {
    status: c.status,
    items: JSON.stringify(c.items),
    coupons: JSON.stringify(c.coupons),
    customer: JSON.stringify(c.customer),
    shipping_processor: c.shippingProcessor,
    shipping_option_id: c.shippingOptionId,
    service_point_id: c.servicePointId,
    payment_method: c.paymentMethod,
    provider_sessions: JSON.stringify(c.providerSessions),
    order_id: c.orderId,
    quote_id: c.quoteId ?? null,
    updated_at: new Date().toISOString(),
  };
}

export async function insertCheckout(db: Db, c: CheckoutRecord): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('checkouts')
    .values({ id: c.id, locale: c.locale, created_at: now, ...columns(c) })
    .execute();
}

/** Statuses after which a checkout's cart and choices are never changed again (the order, or the approval, counts). */
export const FROZEN_STATUSES = ['completed', 'awaiting_approval', 'declined'] as const;
export const isFrozen = (c: Pick<CheckoutRecord, 'status'>): boolean => (FROZEN_STATUSES as readonly string[]).includes(c.status);

/** Saves an open checkout; a completed (or waiting, or declined) one is never changed again. */
export async function saveCheckout(db: Db, c: CheckoutRecord): Promise<void> {
  await db.updateTable('checkouts').set(columns(c)).where('id', '=', c.id).where('status', 'not in', FROZEN_STATUSES).execute();
}

/** Moves a checkout that is not completed to a company approval's status (ADR 0034); answers whether it moved. */
export async function setApprovalStatus(db: Db, id: string, status: 'awaiting_approval' | 'declined'): Promise<boolean> {
  const r = await db
    .updateTable('checkouts')
    .set({ status, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '!=', 'completed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Records one provider session without touching the rest of the row: a compare-and-set on the sessions
 * column, so a concurrent step's own save (or another session) is never overwritten by this one.
 */
export async function recordProviderSession(db: Db, id: string, kind: string, record: ProviderSessionRecord): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db.selectFrom('checkouts').select(['provider_sessions', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row || row.status === 'completed') return false;
    const sessions = { ...(JSON.parse(row.provider_sessions) as CheckoutRecord['providerSessions']), [kind]: record };
    const r = await db
      .updateTable('checkouts')
      .set({ provider_sessions: JSON.stringify(sessions), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '!=', 'completed')
      .where('provider_sessions', '=', row.provider_sessions)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) return true;
  }
  return false;
}
