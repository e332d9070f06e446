/**
 * How long a back-office session lives (docs/product/back-office.md#sessions): it ends after IDLE of no request
 * and at the latest ABSOLUTE after sign-in; a half-finished sign-in (password given, TOTP code not yet) lives
 * PENDING. last_seen_at is written at most once a TOUCH_EVERY, so a page view is not a write each time.
 */
export const STAFF_SESSION_IDLE_MS = 8 * 60 * 60_000;
export const STAFF_SESSION_ABSOLUTE_MS = 24 * 60 * 60_000;
export const STAFF_SESSION_PENDING_MS = 10 * 60_000;
export const STAFF_SESSION_TOUCH_EVERY_MS = 60_000;

export type SessionStage = 'totp' | 'enrol' | 'active';

export interface SessionTimes {
  stage: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** The absolute end of a session started at `createdMs` in `stage`. */
export function sessionExpiry(createdMs: number, stage: SessionStage): number {
  return createdMs + (stage === 'active' ? STAFF_SESSION_ABSOLUTE_MS : STAFF_SESSION_PENDING_MS);
}

/** 'live', or why it is over: past its absolute end, or idle too long. */
export function sessionState(s: SessionTimes, now: number): 'live' | 'expired' | 'idle' {
  if (Date.parse(s.expires_at) <= now) return 'expired';
  if (Date.parse(s.last_seen_at) + STAFF_SESSION_IDLE_MS <= now) return 'idle';
  return 'live';
}

export function touchDue(s: Pick<SessionTimes, 'last_seen_at'>, now: number): boolean {
  return now - Date.parse(s.last_seen_at) >= STAFF_SESSION_TOUCH_EVERY_MS;
}

/** Invitations work 48 hours, once. */
export const STAFF_INVITE_TTL_MS = 48 * 60 * 60_000;

export function inviteState(i: { expires_at: string; used_at: string | null }, now: number): 'usable' | 'used' | 'expired' {
  if (i.used_at) return 'used';
  if (Date.parse(i.expires_at) <= now) return 'expired';
  return 'usable';
}
