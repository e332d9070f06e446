/**
 * Back-office sign-in (docs/product/back-office.md#sign-in): e-mail + password (Argon2id through the customers'
 * hashing queue), then — when the member has TOTP on, or the owners require it — a code, or enrolment first.
 * Failed guesses are limited per address and per account in the shared rate-limit table; a locked account, a
 * disabled one, an unknown e-mail and a wrong password all answer the same.
 */
import type { Db } from '#server/db/connection.ts';
import { createRateLimiter } from '#server/http/rate-limit.ts';
import { hashPassword, needsRehash, verifyPassword } from '#server/auth/passwords.ts';
import type { SessionStage } from '#lib/staff/session-rules.ts';
import { auditView, staffByEmail, staffById, updateStaff, normalStaffEmail, type StaffRow } from './staff-accounts.ts';
import { recordStaffAction } from './audit-log.ts';
import { totpRequired } from './staff-settings.ts';
import { advanceStaffSession, startStaffSession, type StaffSession } from './staff-sessions.ts';
import { newTotpSecret, verifyTotp } from './totp.ts';

const WINDOW_MS = 15 * 60_000;
/** Failed sign-ins per client address and per typed e-mail within 15 minutes (STAFF_LOGIN_IP_LIMIT / _ACCOUNT_LIMIT). */
const ipLimiter = () =>
  createRateLimiter({ bucket: 'staff-login:ip', limit: Number(process.env.STAFF_LOGIN_IP_LIMIT ?? 20), windowMs: WINDOW_MS });
const accountLimiter = () =>
  createRateLimiter({ bucket: 'staff-login:account', limit: Number(process.env.STAFF_LOGIN_ACCOUNT_LIMIT ?? 5), windowMs: WINDOW_MS });

// A hash to verify against when the e-mail has no account, so both answers take as long.
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword('not-a-staff-password-decoy'));

export type SignInResult = { kind: 'ok'; token: string; stage: SessionStage } | { kind: 'refused' };

export async function signIn(db: Db, input: { email: string; password: string; ip: string }, now = Date.now()): Promise<SignInResult> {
  const email = normalStaffEmail(input.email).slice(0, 254);
  const [byIp, byAccount] = [ipLimiter(), accountLimiter()];
  // checked before any hash work: a locked account or address costs the server nothing
  if (!(await byIp.peek(input.ip, now)).allowed || !(await byAccount.peek(email, now)).allowed) {
    await recordStaffAction(
      db,
      { actorEmail: email, action: 'sign_in_failed', after: { reason: 'rate_limited' }, ip: input.ip },
      new Date(now),
    );
    return { kind: 'refused' };
  }
  const staff = email ? await staffByEmail(db, email) : undefined;
  const ok = staff?.password_hash
    ? await verifyPassword(input.password, staff.password_hash)
    : (await verifyPassword(input.password, await decoyHash()), false);
  if (!staff || !ok || staff.disabled_at) {
    await byIp.hit(input.ip, now);
    await byAccount.hit(email, now);
    await recordStaffAction(
      db,
      {
        staff: staff ?? null,
        actorEmail: email,
        action: 'sign_in_failed',
        after: { reason: staff?.disabled_at ? 'disabled' : 'credentials' },
        ip: input.ip,
      },
      new Date(now),
    );
    return { kind: 'refused' };
  }
  if (needsRehash(staff.password_hash)) await updateStaff(db, staff.id, { password_hash: await hashPassword(input.password) });
  const stage: SessionStage = staff.totp_enabled === 1 ? 'totp' : (await totpRequired(db)) ? 'enrol' : 'active';
  if (stage === 'enrol' && !staff.totp_secret) await updateStaff(db, staff.id, { totp_secret: newTotpSecret() });
  const token = await startStaffSession(db, staff.id, stage, input.ip, now);
  if (stage === 'active') await recordStaffAction(db, { staff, action: 'sign_in', ip: input.ip }, new Date(now));
  return { kind: 'ok', token, stage };
}

/**
 * The code step of a pending session ('totp': check the code; 'enrol': the code confirms the new secret and turns
 * TOTP on). Wrong codes count against the account's limit like wrong passwords. Success: a new, active session.
 */
export async function confirmTotp(
  db: Db,
  pending: StaffSession,
  oldToken: string,
  code: string,
  ip: string,
  now = Date.now(),
): Promise<{ kind: 'ok'; token: string } | { kind: 'refused' }> {
  const { staff, session } = pending;
  const limiter = accountLimiter();
  if (!(await limiter.peek(staff.email, now)).allowed) return { kind: 'refused' };
  const fresh = (await staffById(db, staff.id)) as StaffRow;
  if (!fresh.totp_secret || !verifyTotp(fresh.totp_secret, code, now)) {
    await limiter.hit(staff.email, now);
    await recordStaffAction(db, { staff, action: 'sign_in_failed', after: { reason: 'totp' }, ip }, new Date(now));
    return { kind: 'refused' };
  }
  if (session.stage === 'enrol') {
    const before = auditView(fresh);
    await updateStaff(db, staff.id, { totp_enabled: 1 });
    await recordStaffAction(
      db,
      { staff, action: 'totp_enrolled', subject: { type: 'staff', id: staff.id }, before, after: { ...before, totp_enabled: true }, ip },
      new Date(now),
    );
  }
  const token = await advanceStaffSession(db, oldToken, staff.id, 'active', ip, now);
  await recordStaffAction(db, { staff, action: 'sign_in', after: { totp: true }, ip }, new Date(now));
  return { kind: 'ok', token };
}
