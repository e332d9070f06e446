/**
 * What a customer may do with a subscription (docs/product/subscriptions.md#actions), pure: each action
 * either answers the subscription's new state or says why it is refused. The server checks ownership and
 * the product's offered intervals before it asks this.
 */
import { addMonths, firstOnOrAfter } from './schedule.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface ScheduleState {
  status: SubscriptionStatus;
  intervalMonths: number;
  nextDue: string;
  anchorDay: number;
  lastDelivery: string;
}

export type SubscriptionAction =
  { action: 'skip' } | { action: 'pause' } | { action: 'resume' } | { action: 'cancel' } | { action: 'interval'; months: number };

export type Refusal = 'cancelled' | 'not_paused' | 'not_active' | 'same_interval';
export type ActionResult = { ok: true; state: ScheduleState } | { ok: false; refusal: Refusal };

const refuse = (refusal: Refusal): ActionResult => ({ ok: false, refusal });

/** `today`: the storefront's calendar date now; no renewal is ever scheduled before it. */
export function applyAction(s: ScheduleState, a: SubscriptionAction, today: string): ActionResult {
  if (s.status === 'cancelled') return refuse('cancelled');
  switch (a.action) {
    case 'skip':
      // The next delivery is left out: the one after it becomes the next.
      return { ok: true, state: { ...s, nextDue: addMonths(s.nextDue, s.intervalMonths, s.anchorDay) } };
    case 'pause':
      return s.status === 'active' ? { ok: true, state: { ...s, status: 'paused' } } : refuse('not_active');
    case 'resume':
      // Dates that passed while paused are not delivered late: the next one is the first still ahead.
      return s.status === 'paused'
        ? { ok: true, state: { ...s, status: 'active', nextDue: firstOnOrAfter(s.nextDue, s.intervalMonths, s.anchorDay, today) } }
        : refuse('not_paused');
    case 'cancel':
      return { ok: true, state: { ...s, status: 'cancelled' } };
    case 'interval': {
      if (a.months === s.intervalMonths) return refuse('same_interval');
      // The new interval counts from the last delivery; a date already passed becomes today.
      const due = addMonths(s.lastDelivery, a.months, s.anchorDay);
      return { ok: true, state: { ...s, intervalMonths: a.months, nextDue: due < today ? today : due } };
    }
  }
}
