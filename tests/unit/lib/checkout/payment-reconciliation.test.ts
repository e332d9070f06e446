import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SESSION_LIFETIME_MS,
  RECONCILE_GRACE_MS,
  isDue,
  lifetimeOf,
  reconcileAction,
  sessionAgeMs,
} from '#lib/checkout/payment-reconciliation.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const limits = { lifetimeMs: 60 * MIN, graceMs: 2 * MIN };

describe('which sessions reconciliation looks at', () => {
  it('an open session once it is older than the grace period', () => {
    expect(RECONCILE_GRACE_MS).toBe(2 * MIN);
    expect(isDue({ openedAt: ago(2 * MIN - 1) }, NOW, 2 * MIN)).toBe(false);
    expect(isDue({ openedAt: ago(2 * MIN) }, NOW, 2 * MIN)).toBe(true);
    expect(isDue({ openedAt: ago(10 * MIN), closed: true }, NOW, 2 * MIN)).toBe(false);
    expect(isDue({ openedAt: ago(0) }, NOW, 0)).toBe(true);
  });

  it('a session recorded without openedAt counts as old', () => {
    expect(sessionAgeMs(undefined, NOW)).toBe(Number.POSITIVE_INFINITY);
    expect(sessionAgeMs('not a date', NOW)).toBe(Number.POSITIVE_INFINITY);
    expect(isDue({}, NOW, 2 * MIN)).toBe(true);
    expect(sessionAgeMs(ago(5 * MIN), NOW)).toBe(5 * MIN);
  });

  it("each provider's page lifetime, overridable", () => {
    expect(lifetimeOf('adyen')).toBe(60 * MIN);
    expect(lifetimeOf('klarna')).toBe(60 * MIN);
    expect(lifetimeOf('walley')).toBe(DEFAULT_SESSION_LIFETIME_MS);
    expect(lifetimeOf('adyen', { adyen: 5 * MIN })).toBe(5 * MIN);
  });
});

describe('what reconciliation does with what the provider reports', () => {
  it('an authorized or captured payment completes, whatever its age', () => {
    expect(reconcileAction('authorized', 3 * MIN, limits)).toBe('complete');
    expect(reconcileAction('captured', 10 * 60 * MIN, limits)).toBe('complete');
  });

  it('a failed or given-back payment closes its session', () => {
    for (const s of ['declined', 'cancelled', 'expired', 'refunded', 'partially_refunded'] as const)
      expect(reconcileAction(s, 3 * MIN, limits)).toBe('close');
  });

  it('pending or unknown waits until the page lifetime plus the grace period, then is cancelled', () => {
    for (const s of ['pending', 'unknown'] as const) {
      expect(reconcileAction(s, 3 * MIN, limits)).toBe('wait');
      expect(reconcileAction(s, 61 * MIN, limits)).toBe('wait'); // an authorisation of the last minute is in flight
      expect(reconcileAction(s, 62 * MIN, limits)).toBe('cancel');
      expect(reconcileAction(s, Number.POSITIVE_INFINITY, limits)).toBe('cancel');
    }
  });
});
