/**
 * Reconciliation rules (docs/adr/0007-checkout-orders-and-money.md#one-completion-routine): which open
 * provider sessions of a checkout left `paying` are due for a look, and what to do with what the provider
 * (or its stored notification) reports. Pure: "now" is passed in; the I/O is src/server/checkout/reconcile-payments.ts.
 */

/** A shopper on the hosted page or a notification on its way is left alone this long. */
export const RECONCILE_GRACE_MS = 2 * 60_000;

/**
 * How long a provider's payment page can still take a payment. Adyen: the session's `expiresAt`, 1 h by
 * default (the shop sets none). Klarna's page would live 48 h; the shop holds it to the same hour (it hands a
 * page out again for 45 min only, payment-session.ts) and then disables it, so an abandoned Klarna payment
 * is not polled for two days.
 */
export const SESSION_LIFETIME_MS: Readonly<Record<string, number>> = { adyen: 60 * 60_000, klarna: 60 * 60_000 };
/** A provider not listed above (Walley's fraud review, Two's unverified order can take longer) is given a day. */
export const DEFAULT_SESSION_LIFETIME_MS = 24 * 60 * 60_000;

/** What the provider reports; `unknown` when it cannot be asked (Adyen without the return's sessionResult) and nothing was stored. */
export type ReportedStatus =
  'pending' | 'authorized' | 'captured' | 'declined' | 'cancelled' | 'expired' | 'refunded' | 'partially_refunded' | 'unknown';

/** complete: finishPayment; close: the checkout reopens; cancel: at the provider, then close; wait: ask again next run. */
export type ReconcileAction = 'complete' | 'close' | 'cancel' | 'wait';

/** Age of a session in ms; a record without (a readable) openedAt predates that field and counts as old. */
export function sessionAgeMs(openedAt: string | undefined, now: number): number {
  const opened = Date.parse(openedAt ?? '');
  return Number.isNaN(opened) ? Number.POSITIVE_INFINITY : now - opened;
}

export function isDue(record: { openedAt?: string; closed?: boolean }, now: number, graceMs: number): boolean {
  return !record.closed && sessionAgeMs(record.openedAt, now) >= graceMs;
}

export function lifetimeOf(provider: string, overrides: Readonly<Record<string, number>> = {}): number {
  return overrides[provider] ?? SESSION_LIFETIME_MS[provider] ?? DEFAULT_SESSION_LIFETIME_MS;
}

/**
 * A payment still pending (or unknown) is given up only after the page's lifetime plus the grace period:
 * an authorisation made in the page's last minute has its notification in flight until then.
 */
export function reconcileAction(status: ReportedStatus, ageMs: number, limits: { lifetimeMs: number; graceMs: number }): ReconcileAction {
  switch (status) {
    case 'authorized':
    case 'captured':
      return 'complete';
    case 'declined':
    case 'cancelled':
    case 'expired':
    case 'refunded': // given back before any order existed (an operator's refund): nothing to keep
    case 'partially_refunded':
      return 'close';
    case 'pending':
    case 'unknown':
      return ageMs >= limits.lifetimeMs + limits.graceMs ? 'cancel' : 'wait';
  }
}
