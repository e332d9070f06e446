import { describe, expect, it } from 'vitest';
import { dealLive, formatHms, secondsLeft } from '#lib/content/deal-countdown.ts';

describe('deal countdown', () => {
  const deal = { starts_at: '2026-01-01T10:00:00Z', expires_at: '2026-01-02T12:00:00Z' };
  it('is live only between starts_at and expires_at', () => {
    expect(dealLive(deal, Date.parse('2026-01-01T09:59:59Z'))).toBe(false);
    expect(dealLive(deal, Date.parse('2026-01-01T10:00:00Z'))).toBe(true);
    expect(dealLive(deal, Date.parse('2026-01-02T12:00:00Z'))).toBe(false);
  });
  it('counts hh:mm:ss and stops at zero', () => {
    expect(formatHms(secondsLeft(deal.expires_at, Date.parse('2026-01-01T10:00:00Z')))).toBe('26:00:00');
    expect(formatHms(3661)).toBe('01:01:01');
    expect(secondsLeft(deal.expires_at, Date.parse('2027-01-01T00:00:00Z'))).toBe(0);
    expect(formatHms(0)).toBe('00:00:00');
  });
});
