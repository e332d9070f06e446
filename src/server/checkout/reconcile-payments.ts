/**
 * Reconciliation of checkouts left `paying` (docs/adr/0007-checkout-orders-and-money.md#one-completion-routine):
 * the shopper never came back from the hosted page and no notification made the order. Every open provider
 * session older than the grace period is asked for its status (Adyen cannot be asked: its stored
 * notification decides, else its session's expiry), then it ends like a return or a notification would:
 * authorized/captured → finishPayment (source `reconciliation`), declined/cancelled/expired → the session is
 * closed and the checkout reopened with its cart, still pending past the page's lifetime → cancelled at the
 * provider and closed. A provider that is down is skipped for the run and logged once per outage.
 * Safe to run anywhere at any time: completion is idempotent; on PostgreSQL an advisory lock keeps two
 * server processes from asking the providers twice.
 */
import type { DbHandle, Db } from '#server/db/connection.ts';
import { withAdvisoryLock } from '#server/db/advisory-lock.ts';
import { LOCALES } from '#lib/market/locales.ts';
import {
  RECONCILE_GRACE_MS,
  isDue,
  lifetimeOf,
  reconcileAction,
  sessionAgeMs,
  type ReportedStatus,
} from '#lib/checkout/payment-reconciliation.ts';
import { SessionResultRequired } from '#server/payments/adyen/adyen-provider.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type PaymentProvider, type PaymentSessionKind, type PaymentState } from '#server/payments/payment-provider.ts';
import { providerById } from '#server/payments/provider-registry.ts';
import { loadCheckout, type ProviderSessionRecord } from './checkout-repository.ts';
import { closeSession, finishPayment } from './finish-payment.ts';
import { storedPaymentOutcome } from './stored-payment-outcome.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('reconcile');

export interface ReconcileSummary {
  /** Open sessions past the grace period that were looked at. */
  checked: number;
  completed: number;
  closed: number;
  /** Still pending at the provider (or not known yet), within the page's lifetime: asked again next run. */
  pending: number;
  /** Provider down, not configured, or an unexpected failure: asked again next run. */
  errors: number;
}

export interface ReconcileOptions {
  graceMs?: number;
  /** Per provider id; defaults in src/lib/checkout/payment-reconciliation.ts. */
  lifetimesMs?: Readonly<Record<string, number>>;
  /** Epoch ms ("now"), for tests. */
  now?: number;
}

type Outcome = Exclude<keyof ReconcileSummary, 'checked'>;

const LOCK = 'partsfront.reconcile-payments';
/** Providers found down, logged once until they answer again (kept across runs of this process). */
const down = new Set<string>();
const warned = new Set<string>();

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function warnOnce(key: string, text: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  log.warn(text);
}

export const formatSummary = (s: ReconcileSummary): string =>
  `checked ${s.checked}, completed ${s.completed}, closed ${s.closed}, pending ${s.pending}, errors ${s.errors}`;

/** One run; null when another process holds the run (PostgreSQL). */
export async function reconcilePayments(h: DbHandle, opts: ReconcileOptions = {}): Promise<ReconcileSummary | null> {
  if (h.config.kind === 'postgres') return withAdvisoryLock(h.db, LOCK, () => reconcileOnce(h.db, opts));
  return reconcileOnce(h.db, opts);
}

async function reconcileOnce(db: Db, opts: ReconcileOptions): Promise<ReconcileSummary> {
  const now = opts.now ?? Date.now();
  const graceMs = opts.graceMs ?? RECONCILE_GRACE_MS;
  const summary: ReconcileSummary = { checked: 0, completed: 0, closed: 0, pending: 0, errors: 0 };
  const skip = new Set<string>(); // providers that failed with ProviderUnavailable in this run
  const rows = await db
    .selectFrom('checkouts')
    .select(['id', 'provider_sessions'])
    .where('status', '=', 'paying')
    .orderBy('updated_at')
    .execute();
  for (const row of rows) {
    const sessions = JSON.parse(row.provider_sessions) as Partial<Record<string, ProviderSessionRecord>>;
    for (const [kind, record] of Object.entries(sessions)) {
      if (!record || kind === 'shipping' || !isDue(record, now, graceMs)) continue;
      summary.checked++;
      try {
        summary[await settle(db, row.id, kind as PaymentSessionKind, record, { now, graceMs, lifetimes: opts.lifetimesMs, skip })]++;
      } catch (err) {
        // One checkout's failure (the database, a bug) must not stop the others: it is tried again next run.
        log.error({ err: message(err), checkout: row.id }, 'reconciling a checkout failed');
        summary.errors++;
      }
    }
  }
  return summary;
}

interface RunContext {
  now: number;
  graceMs: number;
  lifetimes: Readonly<Record<string, number>> | undefined;
  skip: Set<string>;
}

/** Skips the provider for the rest of the run; logged once per outage. */
function providerDown(id: string, err: unknown, run: RunContext): Outcome {
  run.skip.add(id);
  if (!down.has(id)) log.warn({ provider: id, err: message(err) }, `${id} unavailable: its sessions wait for the next run`);
  down.add(id);
  return 'errors';
}

/** The provider's answer; null when it cannot be asked and nothing is stored (Adyen without a notification). */
async function reported(
  db: Db,
  checkoutId: string,
  provider: PaymentProvider,
  record: ProviderSessionRecord,
): Promise<PaymentState | null> {
  try {
    return await provider.readStatus(record.id);
  } catch (err) {
    if (!(err instanceof SessionResultRequired)) throw err;
    return storedPaymentOutcome(db, checkoutId, record);
  }
}

async function settle(
  db: Db,
  checkoutId: string,
  kind: PaymentSessionKind,
  record: ProviderSessionRecord,
  run: RunContext,
): Promise<Outcome> {
  const provider = providerById(record.provider);
  if (!provider) {
    warnOnce(`unconfigured:${record.provider}`, `${record.provider} is not configured: its sessions stay open (checkout ${checkoutId})`);
    return 'errors';
  }
  if (run.skip.has(provider.id)) return 'errors';
  let state: PaymentState | null;
  try {
    state = await reported(db, checkoutId, provider, record);
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) {
      // Asked again every run: said once, not every minute.
      warnOnce(`${provider.id}:${record.id}`, `${provider.id} session ${record.id} of checkout ${checkoutId}: ${message(err)}`);
      return 'errors';
    }
    return providerDown(provider.id, err, run);
  }
  if (down.delete(provider.id)) log.info({ provider: provider.id }, `${provider.id} answers again`);
  const status: ReportedStatus = state?.status ?? 'unknown';
  const action = reconcileAction(status, sessionAgeMs(record.openedAt, run.now), {
    lifetimeMs: lifetimeOf(provider.id, run.lifetimes),
    graceMs: run.graceMs,
  });
  if (action === 'wait') return 'pending';
  // Fresh: the shopper or a notification may have acted while the provider was asked.
  const c = await loadCheckout(db, checkoutId);
  if (!c) return 'errors';
  if (action === 'complete') {
    const done = await finishPayment(db, c, provider, { ...state!, status: status as 'authorized' | 'captured' }, 'reconciliation');
    if (done.ok) return 'completed';
    log.warn({ provider: provider.id, checkout: c.id, reason: done.reason }, 'payment not kept');
    return 'closed';
  }
  const current = c.providerSessions[kind];
  if (!current || current.id !== record.id || current.closed) return 'closed'; // settled meanwhile
  if (action === 'cancel') {
    // Past the page's lifetime: no payment may start on it any more (Adyen's session has expired by itself).
    const currency = LOCALES[c.locale].currency;
    try {
      await provider.cancel(state ?? { sessionId: record.id, status: 'pending', amountMinor: record.amountMinor, currency });
    } catch (err) {
      if (err instanceof ProviderUnavailable) return providerDown(provider.id, err, run);
      warnOnce(`cancel:${provider.id}:${record.id}`, `could not cancel ${provider.id} session ${record.id}: ${message(err)}`);
      return 'errors';
    }
  }
  await closeSession(db, c, kind, record.id);
  return 'closed';
}
