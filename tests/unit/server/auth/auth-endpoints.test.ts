import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimiter, failureLimiter, throwIfOver } from '#server/auth/auth-endpoints.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { RateLimited } from '#server/http/rate-limit.ts';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';

let db: Db;
beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
});
afterAll(() => db.destroy());

const status = async (run: () => Promise<unknown> | void) => {
  try {
    await run();
    return 'ok';
  } catch (e) {
    if (e instanceof RateLimited) return `${e.status} ${e.code} retry ${e.retryAfterSeconds}`;
    return e instanceof DomainError ? `${e.status} ${e.code}` : 'other';
  }
};

describe('failed-guess limiter', () => {
  it('blocks an IP after 10 failures in a minute, until the minute is over; other IPs and successes are unaffected', async () => {
    const limiter = failureLimiter('unit-login', 10, 60_000, () => db);
    const t0 = Date.UTC(2026, 10, 24, 12);
    for (let i = 0; i < 20; i++) expect(await status(() => limiter.check('1.1.1.1', t0))).toBe('ok'); // checks alone never count
    for (let i = 0; i < 10; i++) expect(await limiter.record('1.1.1.1', t0 + i)).toBeUndefined();
    expect(await limiter.record('1.1.1.1', t0 + 10)).toBe(60);
    expect(await status(() => limiter.check('1.1.1.1', t0 + 30_000))).toBe('429 rate_limited retry 30');
    expect(await status(() => limiter.check('2.2.2.2', t0 + 30_000))).toBe('ok');
    expect(await status(() => limiter.check('1.1.1.1', t0 + 61_000))).toBe('ok');
    expect(await limiter.record('1.1.1.1', t0 + 61_000)).toBeUndefined();
  });
});

describe('per-account limiter', () => {
  it('allows 10 failures per key in 15 minutes whatever the address, then 429 until the window ends', async () => {
    const limiter = accountLimiter(() => db);
    const t0 = Date.UTC(2026, 10, 24, 12);
    const key = 'email:victim@example.se';
    for (let i = 0; i < 10; i++) expect(await limiter.record(key, t0 + i * 60_000)).toBeUndefined();
    expect(await limiter.record(key, t0 + 10 * 60_000)).toBe(5 * 60);
    expect(await status(() => limiter.check(key, t0 + 14 * 60_000))).toBe('429 rate_limited retry 60');
    expect(await status(() => limiter.check('email:other@example.se', t0 + 14 * 60_000))).toBe('ok');
    expect(await status(() => limiter.check(key, t0 + 15 * 60_000 + 1))).toBe('ok');
    expect(await limiter.record(key, t0 + 15 * 60_000 + 1)).toBeUndefined();
  });

  it('throwIfOver answers the longest wait of the counters that went over', async () => {
    expect(await status(() => throwIfOver(undefined, undefined))).toBe('ok');
    expect(await status(() => throwIfOver(12, undefined, 300))).toBe('429 rate_limited retry 300');
  });
});
