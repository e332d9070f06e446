import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { insertStaff, updateStaff } from '#server/staff/staff-accounts.ts';
import { advanceStaffSession, readStaffSession, startStaffSession } from '#server/staff/staff-sessions.ts';
import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS, STAFF_SESSION_PENDING_MS } from '#lib/staff/session-rules.ts';

let db: Db;
let staffId: string;
beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  staffId = (await insertStaff(db, { email: 'S@Example.com', name: 'S', role: 'staff', locale: 'en', passwordHash: '' })).id;
});
afterAll(() => db.destroy());

const t0 = Date.parse('2026-11-26T08:00:00Z');
const count = async () =>
  Number(
    (
      await db
        .selectFrom('staff_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('staff sessions', () => {
  it('stores only the token hash, opens while used, ends after 8 h idle', async () => {
    const token = await startStaffSession(db, staffId, 'active', '127.0.0.1', t0);
    expect(await db.selectFrom('staff_sessions').select('token_hash').where('token_hash', '=', token).executeTakeFirst()).toBeUndefined();
    expect((await readStaffSession(db, token, t0 + 60_000))?.staff.email).toBe('s@example.com');
    // used 2 h later: last_seen moves, so 8 h after that it still works
    expect(await readStaffSession(db, token, t0 + 2 * 3600_000)).toBeDefined();
    expect(await readStaffSession(db, token, t0 + 2 * 3600_000 + STAFF_SESSION_IDLE_MS - 1000)).toBeDefined();
    expect(await readStaffSession(db, token, t0 + 4 * 3600_000 + 2 * STAFF_SESSION_IDLE_MS)).toBeUndefined();
    expect(await readStaffSession(db, token, t0)).toBeUndefined(); // deleted, not only refused
  });

  it('ends at its absolute end however busy, and a pending one after 10 minutes', async () => {
    const token = await startStaffSession(db, staffId, 'active', undefined, t0);
    for (let at = t0; at < t0 + STAFF_SESSION_ABSOLUTE_MS; at += 4 * 3600_000) expect(await readStaffSession(db, token, at)).toBeDefined();
    expect(await readStaffSession(db, token, t0 + STAFF_SESSION_ABSOLUTE_MS)).toBeUndefined();
    const pending = await startStaffSession(db, staffId, 'totp', undefined, t0);
    expect((await readStaffSession(db, pending, t0 + STAFF_SESSION_PENDING_MS - 1))?.session.stage).toBe('totp');
    expect(await readStaffSession(db, pending, t0 + STAFF_SESSION_PENDING_MS)).toBeUndefined();
  });

  it('a passed stage gets a new token; the old one is gone', async () => {
    const pending = await startStaffSession(db, staffId, 'enrol', undefined, t0);
    const active = await advanceStaffSession(db, pending, staffId, 'active', undefined, t0 + 1000);
    expect(active).not.toBe(pending);
    expect(await readStaffSession(db, pending, t0 + 2000)).toBeUndefined();
    expect((await readStaffSession(db, active, t0 + 2000))?.session.stage).toBe('active');
  });

  it('a disabled member has no session, and expired sessions are pruned when one starts', async () => {
    const token = await startStaffSession(db, staffId, 'active', undefined, t0);
    await updateStaff(db, staffId, { disabled_at: new Date(t0).toISOString() });
    expect(await readStaffSession(db, token, t0 + 1000)).toBeUndefined();
    await updateStaff(db, staffId, { disabled_at: null });
    await startStaffSession(db, staffId, 'active', undefined, t0 + 3 * STAFF_SESSION_ABSOLUTE_MS);
    expect(await count()).toBe(1);
  });
});
