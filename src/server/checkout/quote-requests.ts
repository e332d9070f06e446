/**
 * A buyer's quotes (docs/product/quotes.md): ask for one on the cart (a snapshot of its lines at today's server
 * prices, with a comment), read and list them, accept an answered one into a checkout of its own. A company member's
 * quote belongs to the company: every member reads it, a buyer or admin accepts it, a viewer neither asks nor
 * accepts. A quote another customer or company owns is answered as not found, whatever its id.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CartLineInput } from '#lib/api/cart-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import { companyCan, type CompanyRole } from '#lib/company/company-roles.ts';
import { acceptRefusal, linesTotalMinor, quoteLineInputs, QUOTE_MAX_LINES, type QuoteLine } from '#lib/quotes/quote-rules.ts';
import { QuoteRefused } from '#lib/quotes/quote-refused.ts';
import { syncCartService, type CartContext } from '#server/cart/cart-service.ts';
import { membershipOf, type Membership } from '#server/company/company-accounts.ts';
import { insertQuote, quotesOf, readQuote, recordAcceptance, type Quote } from '#server/quotes/quote-store.ts';
import { shippingProcessorOf } from '#server/shipping/shipping-registry.ts';
import { insertCheckout, loadCheckout, newCheckoutId, type CheckoutRecord } from './checkout-repository.ts';

export interface QuoteActor {
  customerId: number;
  /** The company they buy for, and their role there; none: a private customer. */
  company: Membership['company'] | null;
  role: CompanyRole | null;
}

export async function quoteActor(db: Db, customerId: number): Promise<QuoteActor> {
  const m = await membershipOf(db, customerId);
  return { customerId, company: m?.company ?? null, role: m?.role ?? null };
}

/** A viewer may neither ask nor accept; a private customer and a company's buyers and admins may. */
const mayOrder = (a: QuoteActor) => a.role === null || companyCan(a.role, 'order');

/** Whether the actor may read the quote: the asker's company's members, or (no company) the asker alone. */
export const readsQuote = (a: QuoteActor, q: Quote): boolean =>
  q.companyId !== null ? a.company?.id === q.companyId && a.role !== null && companyCan(a.role, 'view') : q.customerId === a.customerId;

export async function quoteFor(db: Db, locale: LocaleCode, a: QuoteActor, id: string): Promise<Quote> {
  const q = await readQuote(db, id);
  if (!q || q.locale !== locale || !readsQuote(a, q)) throw new NotFoundError('no such quote');
  return q;
}

export const quotesFor = (db: Db, a: QuoteActor): Promise<Quote[]> =>
  quotesOf(db, { customerId: a.customerId, companyId: a.company?.id ?? null });

/**
 * A new open quote on the cart's lines, priced now by the server as the buyer's cart is (their discounts and
 * company prices through `ctx`; coupons are not part of a quote). Lines the server cannot sell are left out.
 */
export async function askQuote(
  db: Db,
  locale: LocaleCode,
  a: QuoteActor,
  items: readonly CartLineInput[],
  comment: string,
  ctx: CartContext = {},
  now = new Date(),
): Promise<Quote> {
  if (!mayOrder(a)) throw new QuoteRefused(locale, 'forbidden');
  const inputs = quoteLineInputs(items).slice(0, QUOTE_MAX_LINES);
  const priced = await syncCartService(db, locale, inputs, [], ctx);
  const lines: QuoteLine[] = priced.items
    .filter((l) => l.quantity > 0)
    .map((l) => ({
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      vat: l.vat,
      unit_price_minor: toMinorUnits(l.price),
      quoted_unit_minor: null,
    }));
  if (lines.length === 0) throw new QuoteRefused(locale, 'empty');
  return insertQuote(
    db,
    {
      locale,
      customerId: a.customerId,
      companyId: a.company?.id ?? null,
      lines,
      comment: comment.trim(),
      askedTotalMinor: linesTotalMinor(lines, 'unit_price_minor'),
    },
    now,
  );
}

/** The checkout of an accepted quote: its lines, no coupons, a company member's company filled in. */
function checkoutOfQuote(q: Quote, a: QuoteActor): CheckoutRecord {
  return {
    id: newCheckoutId(),
    locale: q.locale,
    status: 'open',
    items: q.lines.map((l, i) => ({ uuid: `quote-${i + 1}`, sku: l.sku, quantity: l.quantity })),
    coupons: [],
    customer: a.company
      ? { type: 'business', company_name: a.company.name, organisation_number: a.company.organisationNumber }
      : { type: 'consumer' },
    shippingProcessor: shippingProcessorOf(undefined),
    shippingOptionId: null,
    servicePointId: null,
    paymentMethod: null,
    providerSessions: {},
    orderId: null,
    quoteId: q.id,
  };
}

/**
 * Accepts an answered, unexpired quote into a new checkout (answered → accepted, once) and answers its id; accepting
 * it again while that checkout is open answers the same checkout. Ordered, declined, expired: refused.
 */
export async function acceptQuote(db: Db, locale: LocaleCode, a: QuoteActor, id: string, now = new Date()): Promise<string> {
  const q = await quoteFor(db, locale, a, id);
  if (!mayOrder(a)) throw new QuoteRefused(locale, 'forbidden');
  const refusal = acceptRefusal(q, now);
  if (refusal) throw new QuoteRefused(locale, refusal);
  if (q.status === 'accepted' && q.checkoutId) {
    const open = await loadCheckout(db, q.checkoutId, locale);
    if (open && open.status !== 'completed') return open.id;
    throw new QuoteRefused(locale, 'used');
  }
  const c = checkoutOfQuote(q, a);
  await insertCheckout(db, c);
  if (!(await recordAcceptance(db, q.id, c.id, now))) {
    // accepted meanwhile (a second tab): that checkout is the one
    const again = await readQuote(db, q.id);
    if (again?.status === 'accepted' && again.checkoutId) return again.checkoutId;
    throw new QuoteRefused(locale, 'used');
  }
  return c.id;
}
