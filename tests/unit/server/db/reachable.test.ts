import { describe, expect, it } from 'vitest';
import { openDb } from '#server/db/connection.ts';
import { assertReachable, unreachableMessage } from '#server/db/reachable.ts';

describe('the first database connection', () => {
  it('names DATABASE_URL, host:port and the cause of an unreachable PostgreSQL, never its password', async () => {
    const config = { kind: 'postgres' as const, url: 'postgres://shop:s3cret@127.0.0.1:1/shop' };
    const { db } = openDb(config);
    try {
      const err = await assertReachable(db, config).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toMatch(
        /^DATABASE_URL: cannot reach PostgreSQL at 127\.0\.0\.1:1 \(postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop\): ECONNREFUSED/,
      );
      expect(err?.message).toContain('— start PostgreSQL or correct DATABASE_URL');
      expect(err?.message).not.toContain('s3cret');
    } finally {
      await db.destroy();
    }
  });

  it('passes when the database answers', async () => {
    const config = { kind: 'sqlite' as const, file: ':memory:' };
    const { db } = openDb(config);
    await expect(assertReachable(db, config)).resolves.toBeUndefined();
    await db.destroy();
  });

  it('says the default port when the URL has none', () => {
    expect(
      unreachableMessage(
        { kind: 'postgres', url: 'postgres://u:p@db.internal/shop' },
        { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.internal' },
      ),
    ).toBe(
      'DATABASE_URL: cannot reach PostgreSQL at db.internal:5432 (postgres://u:***@db.internal/shop): ENOTFOUND: getaddrinfo ENOTFOUND db.internal — start PostgreSQL or correct DATABASE_URL',
    );
  });
});
