import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { clientIp, createRateLimiter, purgeRateLimits } from '#server/http/rate-limit.ts';

let db: Db;
beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
});
afterAll(() => db.destroy());

describe('rate limiter (windows in the database)', () => {
  it('allows `limit` hits per window per key, then refuses until the window ends', async () => {
    const rl = createRateLimiter({ bucket: 'unit-a', limit: 3, windowMs: 60_000, db: () => db });
    const t = Date.UTC(2026, 10, 24, 12);
    const allowed: boolean[] = [];
    for (let i = 0; i < 4; i++) allowed.push((await rl.hit('a', t)).allowed);
    expect(allowed).toEqual([true, true, true, false]);
    expect((await rl.hit('b', t)).allowed).toBe(true);
    expect(await rl.hit('a', t + 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await rl.hit('a', t + 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });

  it('peeks without counting, and buckets count apart', async () => {
    const one = createRateLimiter({ bucket: 'unit-b1', limit: 1, windowMs: 10_000, db: () => db });
    const two = createRateLimiter({ bucket: 'unit-b2', limit: 1, windowMs: 10_000, db: () => db });
    const t = Date.UTC(2026, 10, 24, 13);
    for (let i = 0; i < 5; i++) expect((await one.peek('k', t)).allowed).toBe(true);
    expect((await one.hit('k', t)).allowed).toBe(true);
    expect((await one.hit('k', t + 1)).allowed).toBe(false);
    expect(await one.peek('k', t + 2_000)).toEqual({ allowed: false, retryAfterSeconds: 8 });
    expect((await two.hit('k', t + 2_000)).allowed).toBe(true);
    expect((await one.peek('k', t + 10_000)).allowed).toBe(true);
  });

  it('counts every one of many simultaneous hits (one atomic upsert each)', async () => {
    const rl = createRateLimiter({ bucket: 'unit-c', limit: 25, windowMs: 60_000, db: () => db });
    const t = Date.UTC(2026, 10, 24, 14);
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => rl.hit('burst', t)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(25);
    const row = await db.selectFrom('rate_limits').selectAll().where('bucket', '=', 'unit-c').executeTakeFirstOrThrow();
    expect(row.hits).toBe(40);
  });

  it('purges only the windows that have ended', async () => {
    const rl = createRateLimiter({ bucket: 'unit-d', limit: 5, windowMs: 1_000, db: () => db });
    const t = Date.UTC(2026, 10, 25, 12);
    await rl.hit('old', t);
    await rl.hit('new', t + 5_000);
    await purgeRateLimits(db, t + 5_500);
    const keys = (await db.selectFrom('rate_limits').select('key').where('bucket', '=', 'unit-d').execute()).map((r) => r.key);
    expect(keys).toEqual(['new']);
  });

  it('trusts x-forwarded-for only when told to', () => {
    const h = new Headers({ 'x-forwarded-for': '203.0.113.9, 10.0.0.1' });
    expect(clientIp(h, () => '10.0.0.1', false)).toBe('10.0.0.1');
    expect(clientIp(h, () => '10.0.0.1', true)).toBe('203.0.113.9');
    expect(
      clientIp(
        new Headers(),
        () => {
          throw new Error('no socket');
        },
        false,
      ),
    ).toBe('unknown');
  });
});
