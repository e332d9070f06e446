import { describe, expect, it } from 'vitest';
import {
  inviteState,
  sessionExpiry,
  sessionState,
  STAFF_INVITE_TTL_MS,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_PENDING_MS,
  touchDue,
} from '#lib/staff/session-rules.ts';

const t0 = Date.parse('2026-11-26T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('staff session expiry', () => {
  it('ends an active session after 8 h idle or 24 h in all, a pending one after 10 min', () => {
    expect(STAFF_SESSION_IDLE_MS).toBe(8 * 3600_000);
    expect(sessionExpiry(t0, 'active')).toBe(t0 + STAFF_SESSION_ABSOLUTE_MS);
    expect(sessionExpiry(t0, 'totp')).toBe(t0 + STAFF_SESSION_PENDING_MS);
    expect(sessionExpiry(t0, 'enrol')).toBe(t0 + 10 * 60_000);
  });

  it('is live while used, idle after 8 h without a request, expired at its absolute end even when used', () => {
    const s = { stage: 'active', created_at: iso(t0), last_seen_at: iso(t0), expires_at: iso(sessionExpiry(t0, 'active')) };
    expect(sessionState(s, t0 + STAFF_SESSION_IDLE_MS - 1)).toBe('live');
    expect(sessionState(s, t0 + STAFF_SESSION_IDLE_MS)).toBe('idle');
    const busy = { ...s, last_seen_at: iso(t0 + STAFF_SESSION_ABSOLUTE_MS - 1000) };
    expect(sessionState(busy, t0 + STAFF_SESSION_ABSOLUTE_MS - 1)).toBe('live');
    expect(sessionState(busy, t0 + STAFF_SESSION_ABSOLUTE_MS)).toBe('expired');
  });

  it('writes last_seen_at at most once a minute', () => {
    expect(touchDue({ last_seen_at: iso(t0) }, t0 + 59_999)).toBe(false);
    expect(touchDue({ last_seen_at: iso(t0) }, t0 + 60_000)).toBe(true);
  });
});

describe('staff invite expiry', () => {
  const invite = { expires_at: iso(t0 + STAFF_INVITE_TTL_MS), used_at: null };
  it('works for 48 hours, once', () => {
    expect(STAFF_INVITE_TTL_MS).toBe(48 * 3600_000);
    expect(inviteState(invite, t0 + STAFF_INVITE_TTL_MS - 1)).toBe('usable');
    expect(inviteState(invite, t0 + STAFF_INVITE_TTL_MS)).toBe('expired');
    expect(inviteState({ ...invite, used_at: iso(t0) }, t0 + 1)).toBe('used');
  });
});
