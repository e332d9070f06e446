import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { RETURN_POLICY_DAYS, returnDeadline, returnWindow } from '#lib/returns/return-windows.ts';

describe('withdrawal deadline (14 days from the day after delivery)', () => {
  it('ends 14 days after the local delivery day', () => {
    expect(returnDeadline('withdrawal', '2026-11-24T10:00:00Z', 'sv')).toBe('2026-12-08');
  });

  it('counts the local calendar day: a late-evening UTC delivery is the next day in Stockholm', () => {
    expect(returnDeadline('withdrawal', '2026-11-24T23:30:00Z', 'sv')).toBe('2026-12-09');
  });

  it('moves past a weekend to the next working day', () => {
    expect(returnDeadline('withdrawal', '2026-11-14T12:00:00Z', 'sv')).toBe('2026-11-30'); // 28th is a Saturday
  });

  it('moves past holidays: Christmas Eve to the following Monday in Sweden, Christmas in the Netherlands', () => {
    expect(returnDeadline('withdrawal', '2026-12-10T12:00:00Z', 'sv')).toBe('2026-12-28');
    expect(returnDeadline('withdrawal', '2026-12-10T12:00:00Z', 'nl')).toBe('2026-12-24');
    expect(returnDeadline('withdrawal', '2026-12-11T12:00:00Z', 'nl')).toBe('2026-12-28');
  });

  it('the shop policy is 30 calendar days, not extended', () => {
    expect(returnDeadline('return', '2026-11-24T10:00:00Z', 'fi')).toBe('2026-12-24');
  });
});

describe('return window', () => {
  const consumer = { deliveredAt: '2026-11-24T10:00:00Z', customerType: 'consumer' as const, locale: 'sv' as const };
  it('is open until the end of the deadline day and closed after it', () => {
    expect(returnWindow('withdrawal', consumer, '2026-12-08T22:59:00Z')).toEqual({
      open: true,
      kind: 'withdrawal',
      deadline: '2026-12-08',
    });
    expect(returnWindow('withdrawal', consumer, '2026-12-08T23:01:00Z')).toEqual({
      open: false,
      kind: 'withdrawal',
      reason: 'expired',
      deadline: '2026-12-08',
    });
    expect(returnWindow('return', consumer, '2026-12-20T12:00:00Z').open).toBe(true);
  });

  it('a business buyer has no withdrawal right but the shop policy', () => {
    const business = { ...consumer, customerType: 'business' as const };
    expect(returnWindow('withdrawal', business, '2026-11-25T12:00:00Z')).toEqual({
      open: false,
      kind: 'withdrawal',
      reason: 'business_buyer',
    });
    expect(returnWindow('return', business, '2026-11-25T12:00:00Z').open).toBe(true);
  });

  it('nothing can be returned before delivery', () => {
    expect(returnWindow('return', { ...consumer, deliveredAt: null }, '2026-11-25T12:00:00Z')).toEqual({
      open: false,
      kind: 'return',
      reason: 'not_delivered',
    });
  });

  it('the policy days are what every storefront promises in its top bar', () => {
    for (const locale of LOCALE_CODES) {
      const usps = translator(locale)('usp') as unknown;
      expect(JSON.stringify(usps)).toMatch(new RegExp(`\\b${RETURN_POLICY_DAYS}\\b`));
    }
  });
});
