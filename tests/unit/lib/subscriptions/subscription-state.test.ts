import { describe, expect, it } from 'vitest';
import { applyAction, type ScheduleState } from '#lib/subscriptions/subscription-state.ts';

const base: ScheduleState = { status: 'active', intervalMonths: 3, nextDue: '2027-02-24', anchorDay: 24, lastDelivery: '2026-11-24' };
const today = '2026-12-01';

describe('subscription actions', () => {
  it('skip leaves out the next delivery: the one after it becomes the next', () => {
    expect(applyAction(base, { action: 'skip' }, today)).toEqual({ ok: true, state: { ...base, nextDue: '2027-05-24' } });
  });

  it('skip keeps the anchor day through a short month', () => {
    const s = { ...base, intervalMonths: 1, nextDue: '2027-02-28', anchorDay: 31 };
    expect(applyAction(s, { action: 'skip' }, today)).toMatchObject({ ok: true, state: { nextDue: '2027-03-31' } });
  });

  it('pause and resume; resume moves a date that passed while paused to the first one ahead', () => {
    const paused = applyAction(base, { action: 'pause' }, today);
    expect(paused).toEqual({ ok: true, state: { ...base, status: 'paused' } });
    const later = applyAction({ ...base, status: 'paused' }, { action: 'resume' }, '2027-03-10');
    expect(later).toEqual({ ok: true, state: { ...base, status: 'active', nextDue: '2027-05-24' } });
    const soon = applyAction({ ...base, status: 'paused' }, { action: 'resume' }, today);
    expect(soon).toEqual({ ok: true, state: { ...base, status: 'active', nextDue: '2027-02-24' } });
  });

  it('refuses pause when not active and resume when not paused', () => {
    expect(applyAction({ ...base, status: 'paused' }, { action: 'pause' }, today)).toEqual({ ok: false, refusal: 'not_active' });
    expect(applyAction(base, { action: 'resume' }, today)).toEqual({ ok: false, refusal: 'not_paused' });
  });

  it('changing the interval counts from the last delivery, never before today', () => {
    expect(applyAction(base, { action: 'interval', months: 6 }, today)).toEqual({
      ok: true,
      state: { ...base, intervalMonths: 6, nextDue: '2027-05-24' },
    });
    const s = { ...base, intervalMonths: 12, nextDue: '2027-11-24' };
    expect(applyAction(s, { action: 'interval', months: 1 }, '2027-03-02')).toMatchObject({ ok: true, state: { nextDue: '2027-03-02' } });
    expect(applyAction(base, { action: 'interval', months: 3 }, today)).toEqual({ ok: false, refusal: 'same_interval' });
  });

  it('a cancelled subscription refuses everything', () => {
    const cancelled = applyAction(base, { action: 'cancel' }, today);
    expect(cancelled).toEqual({ ok: true, state: { ...base, status: 'cancelled' } });
    for (const a of ['skip', 'pause', 'resume', 'cancel'] as const)
      expect(applyAction({ ...base, status: 'cancelled' }, { action: a }, today)).toEqual({ ok: false, refusal: 'cancelled' });
  });
});
