import { describe, expect, it } from 'vitest';
import { accountFailureLimiter, failureLimiter } from '#server/auth/auth-endpoints.ts';
import { ApiFailure } from '#server/http/endpoint.ts';

const status = (run: () => void) => {
  try {
    run();
    return 'ok';
  } catch (e) {
    return e instanceof ApiFailure ? `${e.status} ${e.code}` : 'other';
  }
};

describe('failed-guess limiter', () => {
  it('blocks an IP after 10 failures in a minute, until the minute is over; other IPs and successes are unaffected', () => {
    const limiter = failureLimiter();
    const t0 = Date.UTC(2026, 10, 24, 12);
    for (let i = 0; i < 100; i++) expect(status(() => limiter.check('1.1.1.1', t0))).toBe('ok'); // checks alone never count
    for (let i = 0; i < 10; i++) expect(status(() => limiter.fail('1.1.1.1', t0 + i))).toBe('ok');
    expect(status(() => limiter.fail('1.1.1.1', t0 + 10))).toBe('429 rate_limited');
    expect(status(() => limiter.check('1.1.1.1', t0 + 30_000))).toBe('429 rate_limited');
    expect(status(() => limiter.check('2.2.2.2', t0 + 30_000))).toBe('ok');
    expect(status(() => limiter.check('1.1.1.1', t0 + 61_000))).toBe('ok');
    expect(status(() => limiter.fail('1.1.1.1', t0 + 61_000))).toBe('ok');
  });
});

describe('per-account limiter', () => {
  it('allows 10 failures per key in 15 minutes whatever the address, then 429 until the window ends; record reports without throwing', () => {
    const limiter = accountFailureLimiter();
    const t0 = Date.UTC(2026, 10, 24, 12);
    const key = 'email:victim@example.se';
    for (let i = 0; i < 10; i++) expect(limiter.record(key, t0 + i * 60_000)).toBe(false);
    expect(limiter.record(key, t0 + 10 * 60_000)).toBe(true);
    expect(status(() => limiter.check(key, t0 + 14 * 60_000))).toBe('429 rate_limited');
    expect(status(() => limiter.check('email:other@example.se', t0 + 14 * 60_000))).toBe('ok');
    expect(status(() => limiter.check(key, t0 + 15 * 60_000 + 1))).toBe('ok');
    expect(limiter.record(key, t0 + 15 * 60_000 + 1)).toBe(false);
  });
});
