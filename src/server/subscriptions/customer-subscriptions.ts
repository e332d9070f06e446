/**
 * A customer's subscriptions and what they may do with them (docs/product/subscriptions.md#actions).
 * Whose they are is decided here from who is asking, never from the id: the account's own ones
 * (customer_id) and those bought as a guest with the account's e-mail, in this storefront. Any other id
 * is answered exactly like an id that does not exist.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { SubscriptionActionRequest, SubscriptionView } from '#lib/api/subscription-contracts.ts';
import { intervalLabel } from '#lib/subscriptions/interval-label.ts';
import { applyAction, type Refusal, type SubscriptionStatus } from '#lib/subscriptions/subscription-state.ts';
import { calendarDate } from '#lib/subscriptions/schedule.ts';
import type { SubscriptionsTable } from '#server/db/subscription-tables.ts';
import { InvalidRequestError, InvalidTransitionError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { offeredMonths, offeredMonthsByProduct } from '#server/catalogue/subscription-offers.ts';

export interface SubscriptionOwner {
  customerId: number;
  /** The account's (verified) e-mail: guest purchases with it are the account's too. */
  email: string;
}

type Row = Selectable<SubscriptionsTable>;

/** The owner of a logged-in customer; undefined when the account no longer exists. */
export async function ownerOf(db: Db, customerId: number): Promise<SubscriptionOwner | undefined> {
  const row = await db.selectFrom('customers').select(['id', 'email']).where('id', '=', customerId).executeTakeFirst();
  return row ? { customerId: row.id, email: row.email } : undefined;
}

function owned(db: Db, locale: LocaleCode, owner: SubscriptionOwner) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('locale', '=', locale)
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', owner.customerId),
        eb.and([eb('customer_id', 'is', null), eb(sql<string>`lower(email)`, '=', owner.email.trim().toLowerCase())]),
      ]),
    );
}

function viewOf(locale: LocaleCode, r: Row, offered: readonly number[]): SubscriptionView {
  const interval = (months: number) => ({ months, name: intervalLabel(locale, months) });
  return {
    id: r.id,
    sku: r.sku,
    name: r.name,
    quantity: r.quantity,
    status: r.status as SubscriptionStatus,
    interval: interval(r.interval_months),
    offered_intervals: offered.map(interval),
    next_due: r.next_due,
    last_delivery: r.last_delivery,
    order_number: r.source_order_id,
    created_at: r.created_at,
  };
}

/** The owner's subscriptions in this storefront: running ones first, then newest first. */
export async function subscriptionsOf(db: Db, locale: LocaleCode, owner: SubscriptionOwner): Promise<SubscriptionView[]> {
  const rows = await owned(db, locale, owner).orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
  const offers = await offeredMonthsByProduct(
    db,
    rows.map((r) => r.product_id),
  );
  const rank = (r: Row) => (r.status === 'cancelled' ? 1 : 0);
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => viewOf(locale, r, offers.get(r.product_id) ?? []));
}

const REFUSALS: Record<Refusal | 'not_offered', string> = {
  cancelled: 'the subscription is cancelled',
  not_active: 'only an active subscription can be paused',
  not_paused: 'only a paused subscription can be resumed',
  same_interval: 'the subscription already has that interval',
  not_offered: 'the product does not offer that interval',
};

/**
 * One action on one of the owner's subscriptions; 404 for any id that is not theirs, 400 for an action
 * its product does not offer, 409 `invalid_transition` for one its state does not allow. A compare-and-set on the row keeps a concurrent renewal's new
 * schedule from being overwritten (the customer then simply tries again).
 */
export async function actOnSubscription(
  db: Db,
  locale: LocaleCode,
  owner: SubscriptionOwner,
  id: string,
  request: SubscriptionActionRequest,
  now = new Date(),
): Promise<SubscriptionView> {
  const row = await owned(db, locale, owner).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('no such subscription');
  const offered = await offeredMonths(db, row.product_id);
  if (request.action === 'interval' && !offered.includes(request.months)) throw new InvalidRequestError(REFUSALS.not_offered, 'months');
  const result = applyAction(
    {
      status: row.status as SubscriptionStatus,
      intervalMonths: row.interval_months,
      nextDue: row.next_due,
      anchorDay: row.anchor_day,
      lastDelivery: row.last_delivery,
    },
    request,
    calendarDate(now),
  );
  if (!result.ok) throw new InvalidTransitionError(REFUSALS[result.refusal], 'action');
  const s = result.state;
  const updated = await db
    .updateTable('subscriptions')
    .set({ status: s.status, interval_months: s.intervalMonths, next_due: s.nextDue, updated_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('next_due', '=', row.next_due)
    .where('status', '=', row.status)
    .where('interval_months', '=', row.interval_months)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new InvalidTransitionError('the subscription changed meanwhile; reload and try again');
  return viewOf(locale, { ...row, status: s.status, interval_months: s.intervalMonths, next_due: s.nextDue }, offered);
}
