/** Staff times on one clock (docs/product/back-office.md#layout): the shop's home zone in the member's language. */
import { describe, expect, it } from 'vitest';
import { staffTimeFormat } from '#lib/backoffice/staff-time.ts';

describe('staffTimeFormat', () => {
  it('shows a UTC instant in Stockholm time, winter and summer, in English and Swedish', () => {
    expect(staffTimeFormat('en').format(new Date('2026-11-27T00:06:19Z'))).toBe('27/11/2026, 01:06');
    expect(staffTimeFormat('sv', 'medium').format(new Date('2026-07-01T22:30:05Z'))).toBe('2026-07-02 00:30:05');
  });
});
