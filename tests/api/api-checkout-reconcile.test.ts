/**
 * Reconciliation of checkouts left `paying` (docs/adr/0007-checkout-orders-and-money.md#one-completion-routine)
 * against the real server and the provider sandbox, on SQLite and PostgreSQL: the shopper pays on the hosted
 * page and never comes back, the sandbox drops the notification, and reconcilePayments (run here, in the test
 * process, on the suite's database and sandbox — or as `npm run reconcile`) settles it.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { request } from '#tests/support/http.ts';
import { control, deliveries, hostedPage, inStock, pay, sandbox, useCheckoutApi, view } from './checkout-api-fixtures.ts';
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import { withAdvisoryLock } from '#server/db/advisory-lock.ts';
import { reconcilePayments, type ReconcileOptions, type ReconcileSummary } from '#server/checkout/reconcile-payments.ts';
import { notificationHmac } from '#server/payments/adyen/hmac.ts';
import { providerById } from '#server/payments/provider-registry.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

// The providers of this process (reconcilePayments runs here) use the suite's sandbox, like the server's.
process.env.PARTSFRONT_SANDBOX_URL = sandbox;
const SANDBOX_ADYEN_HMAC_KEY = '0F6A3C1B9E8D7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F8A7B6C5D4E3F21';
const HOUR = 3_600_000;

// Products of their own (the other files take from the end of the list).
const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(10)).slice(0, 30) }, sandbox: ['adyen', 'klarna'] });
const { ordersOf, ready, sessionOf } = shop;
const eventsOf = (orderId: string) =>
  shop.h.db.selectFrom('order_events').select(['kind', 'to_state', 'source']).where('order_id', '=', orderId).orderBy('kind').execute();

/** One run; on PostgreSQL the server's own periodic run may hold the lock for a moment: then try again. */
async function reconcile(opts: ReconcileOptions = {}): Promise<ReconcileSummary> {
  for (let attempt = 0; ; attempt++) {
    const s = await reconcilePayments(shop.h, { graceMs: 0, ...opts });
    if (s || attempt > 50) return s!;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A Klarna purchase approved on the hosted page; the shopper closes the tab and the status callback is lost. */
async function abandonedKlarna(button = 'approve'): Promise<{ v: CheckoutView; location: string }> {
  await control('klarna', 'faults', { dropNotifications: true });
  const v = await ready('klarna', { quantity: 2 });
  const location = await pay(await hostedPage(v.id), button);
  expect((await view(v.id)).status).toBe('paying');
  return { v, location };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a Klarna payment the shop never heard back about', () => {
  it('approved, never back, callback dropped → one order from reconciliation; a second run and the late return change nothing', async () => {
    const { v, location } = await abandonedKlarna();
    expect(await ordersOf(v.id)).toHaveLength(0);
    expect((await deliveries('klarna')).some((d) => d.outcome === 'dropped')).toBe(true);

    const first = await reconcile();
    expect(first.completed).toBeGreaterThanOrEqual(1);
    const { order, details } = await shop.onlyOrder(v);
    expect(details.payment).toMatchObject({ method: 'klarna', provider: 'klarna' });
    expect(details.payment.provider_reference).toBeTruthy();
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'order', to_state: 'placed', source: 'reconciliation' },
      { kind: 'payment', to_state: 'authorized', source: 'reconciliation' },
    ]);
    expect((await view(v.id)).status).toBe('completed');

    await reconcile();
    expect(await ordersOf(v.id)).toHaveLength(1);
    const back = await request(location);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/checkout/confirmation/${v.id}`);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('reconciliation, another run and the shopper coming back, all at once: still one order', async () => {
    const { v, location } = await abandonedKlarna();
    const [, , back] = await Promise.all([
      reconcilePayments(shop.h, { graceMs: 0 }),
      reconcilePayments(shop.h, { graceMs: 0 }),
      request(location),
    ]);
    expect(back.headers.location).toBe(`/checkout/confirmation/${v.id}`);
    await reconcile();
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('declined, never back → the checkout is reopened with its cart, no order; placing again opens a new page', async () => {
    const { v, location } = await abandonedKlarna('decline');
    const first = new URL(location).searchParams.get('sid');
    const s = await reconcile();
    expect(s.closed).toBeGreaterThanOrEqual(1);
    await shop.expectReopened(v);
    expect((await sessionOf(v.id, 'payLater')).closed).toBe(true);
    const again = await hostedPage(v.id);
    expect((await sessionOf(v.id, 'payLater')).id).not.toBe(first);
    expect(again).toContain('/klarna/');
  });

  it('Klarna answering 5xx during reconciliation: nothing lost, logged once; the next run completes the order', async () => {
    const { v } = await abandonedKlarna();
    const warn = vi.spyOn(loggerFor('reconcile'), 'warn');
    const log = vi.spyOn(loggerFor('reconcile'), 'info');
    await control('klarna', 'faults', { failNext: 1000 });
    const failed = await reconcile();
    expect(failed.errors).toBeGreaterThanOrEqual(1);
    await reconcile();
    expect(
      warn.mock.calls.filter((c) => (c[0] as { provider?: string }).provider === 'klarna' && String(c[1]).startsWith('klarna unavailable')),
    ).toHaveLength(1);
    expect(await ordersOf(v.id)).toHaveLength(0);
    expect((await view(v.id)).status).toBe('paying');

    await control('klarna', 'faults', { failNext: 0 });
    const ok = await reconcile();
    expect(ok.completed).toBeGreaterThanOrEqual(1);
    expect(log.mock.calls.some((c) => c[1] === 'klarna answers again')).toBe(true);
    const { order } = await shop.onlyOrder(v);
    expect((await eventsOf(order.id)).map((e) => e.source)).toEqual(['reconciliation', 'reconciliation']);
  });

  it('a page left waiting past its lifetime is disabled at Klarna and the checkout reopened', async () => {
    const v = await ready('klarna');
    await hostedPage(v.id); // opened, never acted on
    const { id } = await sessionOf(v.id, 'payLater');
    expect((await reconcile()).pending).toBeGreaterThanOrEqual(1);
    expect((await view(v.id)).status).toBe('paying');
    await reconcile({ now: Date.now() + HOUR + 3 * 60_000, graceMs: 2 * 60_000 });
    expect((await view(v.id)).status).toBe('open');
    expect((await providerById('klarna')!.readStatus(id)).status).toBe('cancelled');
    expect(await ordersOf(v.id)).toHaveLength(0);
  });

  it('`npm run reconcile` does the same from the command line', async () => {
    const { v } = await abandonedKlarna();
    let out = '';
    // On PostgreSQL the server's own run may hold the lock for a moment ("another process is reconciling").
    for (let attempt = 0; attempt < 20 && !out.includes('reconciled:'); attempt++) {
      const r = spawnSync(process.execPath, ['scripts/reconcile.mjs', '--grace', '0'], {
        env: { ...process.env, DATABASE_URL: inject('databaseUrl'), PARTSFRONT_SANDBOX_URL: sandbox },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      out = r.stdout;
    }
    expect(out).toMatch(/^reconciled: checked \d+, completed [1-9]\d*, closed \d+, pending \d+, errors \d+$/m);
    expect(await ordersOf(v.id)).toHaveLength(1);
  });
});

describe('an Adyen payment the shop never heard back about (Adyen cannot be asked without the return)', () => {
  it('an authorisation stored but never acted on (the process stopped in between) → one order from reconciliation', async () => {
    await control('adyen', 'faults', { dropNotifications: true });
    const v = await ready('card');
    await pay(await hostedPage(v.id), 'pay', { number: '4111 1111 1111 1111' });
    const session = await sessionOf(v.id, 'card');
    const dropped = (await deliveries('adyen')).filter((d) => d.outcome === 'dropped' && d.label.startsWith('AUTHORISATION'));
    const psp = dropped.at(-1)!.label.split(' ')[1]!;
    // What payment-notifications.ts stores before acting on a verified notification.
    const item = {
      pspReference: psp,
      merchantAccountCode: 'PartsfrontECOM',
      merchantReference: session.reference,
      amount: { value: v.totals.total_minor, currency: 'SEK' },
      eventCode: 'AUTHORISATION',
      success: 'true' as const,
    };
    const body = {
      ...item,
      additionalData: { checkoutSessionId: session.id, hmacSignature: notificationHmac(item, SANDBOX_ADYEN_HMAC_KEY) },
    };
    await shop.h.db
      .insertInto('payment_notifications')
      .values({
        id: `adyen:${psp}:AUTHORISATION:true`,
        provider: 'adyen',
        checkout_id: v.id,
        status: 'authorized',
        received_at: new Date().toISOString(),
        body: JSON.stringify(body),
      })
      .execute();

    await reconcile();
    const { order, details } = await shop.onlyOrder(v);
    expect(details.payment).toMatchObject({ provider: 'adyen', provider_reference: psp });
    expect((await eventsOf(order.id)).map((e) => e.source)).toEqual(['reconciliation', 'reconciliation']);
    await reconcile();
    expect(await ordersOf(v.id)).toHaveLength(1);
  });

  it('nothing stored: pending while the session can still be paid, then closed once it has expired (checkout reopened)', async () => {
    await control('adyen', 'faults', { dropNotifications: true });
    const v = await ready('card');
    await pay(await hostedPage(v.id), 'pay', { number: '4000 0000 0000 0002' }); // declined; the shopper walks away
    expect((await reconcile()).pending).toBeGreaterThanOrEqual(1);
    expect((await view(v.id)).status).toBe('paying');
    // Within the session's hour plus the grace period a notification may still be on its way.
    await reconcile({ now: Date.now() + HOUR, graceMs: 2 * 60_000 });
    expect((await view(v.id)).status).toBe('paying');
    await reconcile({ now: Date.now() + HOUR + 3 * 60_000, graceMs: 2 * 60_000 });
    await shop.expectReopened(v);
    expect((await sessionOf(v.id, 'card')).closed).toBe(true);
  });
});

describe('two server processes', () => {
  it('on PostgreSQL one run at a time (advisory lock); on SQLite (one process) both may run: one order either way', async () => {
    const { v } = await abandonedKlarna();
    let inner: ReconcileSummary | null | undefined;
    const outer = await withAdvisoryLock(shop.h.db, 'partsfront.reconcile-payments', async () => {
      inner = await reconcilePayments(shop.h, { graceMs: 0 });
      return true;
    }).catch(() => 'sqlite' as const);
    if (shop.h.config.kind === 'postgres') {
      // The lock was ours (or the server's for a moment); either way the run inside could not take it.
      expect(inner ?? null).toBeNull();
      expect(await ordersOf(v.id)).toHaveLength(0);
      expect(outer === true || outer === null).toBe(true);
    } else {
      expect(outer).toBe('sqlite'); // pg_try_advisory_lock does not exist there
    }
    await reconcile();
    expect(await ordersOf(v.id)).toHaveLength(1);
  });
});
