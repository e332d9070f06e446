/**
 * Customers in the back office (docs/product/back-office-data.md#customers): search the accounts, one customer's
 * orders, returns, subscriptions and consents, and erasure (GDPR art. 17) keeping what bookkeeping must keep.
 * Guest buyers have no account: the order list's search finds them (e-mail, name, postal code).
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import { parseOrderDetails } from '#server/orders/order-details.ts';
import { ordersOfAccount, replaceOrderContact, totalMinorOf } from '#server/orders/staff-order-reads.ts';
import { InvalidRequestError, NotFoundError, InvalidTransitionError } from '#lib/errors/domain-errors.ts';
import {
  ERASED,
  OPEN_ORDER_STATES,
  OPEN_RETURN_STATES,
  anonymisedEmail,
  anonymisedOrderCustomer,
  isAnonymisedEmail,
  phoneDigits,
} from '#lib/backoffice/customer-anonymise.ts';
import { normalisePostalCode } from '#lib/backoffice/order-filter.ts';

export interface CustomerRow {
  id: number;
  email: string;
  name: string;
  phone: string;
  postalCode: string;
  city: string;
  createdAt: string;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Accounts whose e-mail (any case), name (a part), phone (digits) or postal code (no spaces) match `q`. */
export async function searchCustomers(db: Db, q: string, limit = 50): Promise<CustomerRow[]> {
  const text = q.trim();
  if (text.length < 2 || text.length > 200) throw new InvalidRequestError('Type 2 to 200 characters', 'q');
  const digits = phoneDigits(text);
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'email', 'name', 'phone', 'postal_code', 'city', 'created_at'])
    .where((eb) =>
      eb.or([
        eb(eb.fn<string>('lower', ['email']), '=', text.toLowerCase()),
        eb(eb.fn<string>('lower', ['name']), 'like', sql<string>`${`%${likeEscape(text.toLowerCase())}%`} escape '\\'`),
        ...(digits.length >= 6 ? [eb(sql<string>`replace(replace(phone, ' ', ''), '-', '')`, '=', digits)] : []),
        eb(sql<string>`replace(upper(postal_code), ' ', '')`, '=', normalisePostalCode(text)),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    phone: r.phone,
    postalCode: r.postal_code,
    city: r.city,
    createdAt: r.created_at,
  }));
}

export interface CustomerOverview {
  customer: CustomerRow & { type: string; companyName: string; anonymised: boolean };
  orders: { number: string; storefront: string; placedAt: string; state: string; totalMinor: number; currency: string }[];
  returns: { rma: string; orderNumber: string; kind: string; state: string; requestedAt: string }[];
  subscriptions: { id: string; sku: string; name: string; quantity: number; intervalMonths: number; state: string; nextDue: string }[];
  consents: { marketing: boolean; marketingChangedAt: string | null; unsubscribed: { storefront: string; reason: string; at: string }[] };
}

export async function customerOverview(db: Db, id: number): Promise<CustomerOverview> {
  const c = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw new NotFoundError(`No customer ${id}`, 'customer');
  const orders = await ordersOfAccount(db, id, c.email);
  const numbers = orders.map((o) => o.id);
  const returns =
    numbers.length === 0
      ? []
      : await db
          .selectFrom('order_returns')
          .select(['id', 'order_id', 'kind', 'status', 'created_at'])
          .where('order_id', 'in', numbers)
          .orderBy('created_at', 'desc')
          .execute();
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select(['id', 'sku', 'name', 'quantity', 'interval_months', 'status', 'next_due'])
    .where((eb) => eb.or([eb('customer_id', '=', id), eb(eb.fn<string>('lower', ['email']), '=', c.email.toLowerCase())]))
    .orderBy('created_at', 'desc')
    .execute();
  const suppressions = await db
    .selectFrom('mail_suppressions')
    .select(['locale', 'reason', 'created_at'])
    .where('email', '=', c.email.toLowerCase())
    .execute();
  return {
    customer: {
      id: c.id,
      email: c.email,
      name: c.name,
      phone: c.phone,
      postalCode: c.postal_code,
      city: c.city,
      createdAt: c.created_at,
      type: c.customer_type,
      companyName: c.company_name,
      anonymised: isAnonymisedEmail(c.email),
    },
    orders: orders.map((o) => ({
      number: o.id,
      storefront: o.locale,
      placedAt: o.created_at,
      state: o.status,
      totalMinor: totalMinorOf(o),
      currency: o.currency,
    })),
    returns: returns.map((r) => ({ rma: r.id, orderNumber: r.order_id, kind: r.kind, state: r.status, requestedAt: r.created_at })),
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      sku: s.sku,
      name: s.name,
      quantity: Number(s.quantity),
      intervalMonths: Number(s.interval_months),
      state: s.status,
      nextDue: s.next_due,
    })),
    consents: {
      marketing: Number(c.marketing_consent) === 1,
      marketingChangedAt: c.marketing_consent_at,
      unsubscribed: suppressions.map((s) => ({ storefront: s.locale, reason: s.reason, at: s.created_at })),
    },
  };
}

export interface Anonymisation {
  customerId: number;
  /** false: it was already anonymised (a repeat), nothing changed. */
  changed: boolean;
  orders: number;
}

/**
 * Erases an account's personal data (GDPR art. 17), in one transaction: the account, its orders' e-mail and
 * snapshot customer, its subscriptions (cancelled), its messages in the outbox; its sessions and one-time links
 * are deleted. Refused while an order or a return is still in progress. Idempotent.
 */
export async function anonymiseCustomer(db: Db, id: number, now = new Date()): Promise<Anonymisation> {
  const c = await db.selectFrom('customers').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  if (!c) throw new NotFoundError(`No customer ${id}`, 'customer');
  if (isAnonymisedEmail(c.email)) return { customerId: id, changed: false, orders: 0 };
  const orders = await ordersOfAccount(db, id, c.email);
  const open = orders.filter((o) => (OPEN_ORDER_STATES as readonly string[]).includes(o.status));
  if (open.length > 0)
    throw new InvalidTransitionError(
      `Customer ${id} has orders in progress (${open.map((o) => o.id).join(', ')}): finish or cancel them first`,
      'customer',
    );
  const numbers = orders.map((o) => o.id);
  const openReturns =
    numbers.length === 0
      ? []
      : await db
          .selectFrom('order_returns')
          .select('id')
          .where('order_id', 'in', numbers)
          .where('status', 'in', OPEN_RETURN_STATES)
          .execute();
  if (openReturns.length > 0)
    throw new InvalidTransitionError(
      `Customer ${id} has returns in progress (${openReturns.map((r) => r.id).join(', ')}): finish them first`,
      'customer',
    );
  const email = anonymisedEmail(id);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const o of orders) {
      const details = parseOrderDetails(o.details);
      const customer = anonymisedOrderCustomer(details.customer ?? {}, email);
      await replaceOrderContact(trx, o.id, email, JSON.stringify({ ...details, customer }));
    }
    await trx
      .updateTable('mail_outbox')
      .set({ recipient: email, subject: ERASED, text_body: '', html_body: '', headers: '{}' })
      .where(sql<string>`lower(recipient)`, '=', c.email.toLowerCase())
      .execute();
    const subscriptions = await trx
      .selectFrom('subscriptions')
      .select(['id', 'renewal_template'])
      .where((eb) => eb.or([eb('customer_id', '=', id), eb(eb.fn<string>('lower', ['email']), '=', c.email.toLowerCase())]))
      .execute();
    for (const s of subscriptions) {
      const template = JSON.parse(s.renewal_template) as { customer?: Record<string, unknown> };
      const renewal = { ...template, customer: anonymisedOrderCustomer(template.customer ?? {}, email) };
      await trx
        .updateTable('subscriptions')
        .set({ email, status: 'cancelled', renewal_template: JSON.stringify(renewal), updated_at: at })
        .where('id', '=', s.id)
        .execute();
    }
    await trx.deleteFrom('auth_refresh_tokens').where('customer_id', '=', id).execute();
    await trx.deleteFrom('auth_one_time_tokens').where('customer_id', '=', id).execute();
    await trx.deleteFrom('customer_models').where('customer_id', '=', id).execute();
    await trx
      .updateTable('customers')
      .set({
        email,
        name: ERASED,
        // no password matches this: the account can never sign in again
        password_hash: '!erased',
        phone: '',
        street: '',
        postal_code: '',
        city: '',
        company_name: '',
        organisation_number: '',
        marketing_consent: 0,
        marketing_consent_at: at,
        pending_email: null,
        profile_updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  });
  return { customerId: id, changed: true, orders: orders.length };
}
