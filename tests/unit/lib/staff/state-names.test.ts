/** Staff read state names in their language, not stored ids (docs/product/back-office.md#language). */
import { describe, expect, it } from 'vitest';
import { boTranslator, orderStateName, paymentStateName, subscriptionStateName } from '#lib/staff/backoffice-i18n.ts';
import { ORDER_MACHINE, PAYMENT_MACHINE } from '#lib/orders/order-states.ts';
import { SUBSCRIPTION_STATUSES } from '#lib/subscriptions/subscription-state.ts';

describe('state names in the back office', () => {
  const en = boTranslator('en');
  const sv = boTranslator('sv');

  it('names every order, payment and subscription state in both languages', () => {
    for (const t of [en, sv]) {
      for (const s of Object.keys(ORDER_MACHINE)) expect(orderStateName(t, s)).not.toBe(s);
      for (const s of Object.keys(PAYMENT_MACHINE)) expect(paymentStateName(t, s)).not.toBe(s);
      for (const s of SUBSCRIPTION_STATUSES) expect(subscriptionStateName(t, s)).not.toBe(s);
    }
    expect(orderStateName(sv, 'picked')).toBe('Plockad');
    expect(paymentStateName(en, 'authorized')).toBe('Authorised (reserved)');
  });

  it('shows an unknown id as itself instead of failing', () => {
    expect(orderStateName(en, 'archived')).toBe('archived');
  });
});
