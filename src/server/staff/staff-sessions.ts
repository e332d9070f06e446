/**
 * Back-office sessions (docs/product/back-office.md#sessions): an opaque token in the `pf_staff` cookie, stored
 * as its SHA-256 hash with the member, a stage, the CSRF synchronizer token and the idle/absolute timeouts of
 * src/lib/staff/session-rules.ts. A session that passes a stage gets a new token (no fixation).
 */
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { StaffSessionsTable } from '#server/db/staff-tables.ts';
import { isOpaqueToken, newOpaqueToken, tokenHash } from '#server/security/token-hash.ts';
import { sessionExpiry, sessionState, STAFF_SESSION_IDLE_MS, touchDue, type SessionStage } from '#lib/staff/session-rules.ts';
import { staffById, type StaffRow } from './staff-accounts.ts';

export type StaffSessionRow = Selectable<StaffSessionsTable>;

export interface StaffSession {
  staff: StaffRow;
  session: StaffSessionRow;
}

/** Sessions past their absolute end or idle too long: deleted whenever a session starts (the table stays small). */
async function pruneStaffSessions(db: Db, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  const idleSince = new Date(now - STAFF_SESSION_IDLE_MS).toISOString();
  await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb('last_seen_at', '<=', idleSince)]))
    .execute();
}

export async function startStaffSession(
  db: Db,
  staffId: string,
  stage: SessionStage,
  ip: string | undefined,
  now = Date.now(),
): Promise<string> {
  await pruneStaffSessions(db, now);
  const token = newOpaqueToken();
  const at = new Date(now).toISOString();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: tokenHash(token),
      staff_id: staffId,
      stage,
      csrf_token: newOpaqueToken(),
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(sessionExpiry(now, stage)).toISOString(),
      ip: ip?.slice(0, 64) ?? null,
    })
    .execute();
  return token;
}

/** The live session of a cookie value with its (enabled) member; an expired or idle one is deleted. */
export async function readStaffSession(db: Db, token: string | undefined, now = Date.now()): Promise<StaffSession | undefined> {
  if (!isOpaqueToken(token)) return undefined;
  const hash = tokenHash(token);
  const session = await db.selectFrom('staff_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!session) return undefined;
  if (sessionState(session, now) !== 'live') {
    await db.deleteFrom('staff_sessions').where('token_hash', '=', hash).execute();
    return undefined;
  }
  const staff = await staffById(db, session.staff_id);
  if (!staff || staff.disabled_at) return undefined;
  if (touchDue(session, now)) {
    session.last_seen_at = new Date(now).toISOString();
    await db.updateTable('staff_sessions').set({ last_seen_at: session.last_seen_at }).where('token_hash', '=', hash).execute();
  }
  return { staff, session };
}

/** Ends the session of the cookie value (sign-out, or a stage passed). */
export async function endStaffSession(db: Db, token: string | undefined): Promise<void> {
  if (!isOpaqueToken(token)) return;
  await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/** Every session of a member: disabled, role changed, TOTP reset. */
export async function endSessionsOf(db: Db, staffId: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

/** Replaces a session with a new one in the next stage (new token, new CSRF token, new timeouts). */
export async function advanceStaffSession(
  db: Db,
  old: string,
  staffId: string,
  stage: SessionStage,
  ip: string | undefined,
  now = Date.now(),
) {
  await endStaffSession(db, old);
  return startStaffSession(db, staffId, stage, ip, now);
}
