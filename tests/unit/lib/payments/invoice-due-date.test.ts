import { describe, expect, it } from 'vitest';
import { INVOICE_TERMS_DAYS, invoiceDueDate } from '#lib/payments/invoice-due-date.ts';

describe('invoiceDueDate', () => {
  it('adds the storefront’s terms (30 days) in calendar days', () => {
    expect(INVOICE_TERMS_DAYS).toEqual({ sv: 30, no: 30, da: 30, fi: 30, nl: 30 });
    expect(invoiceDueDate('2025-01-31', 'sv')).toBe('2025-03-02');
    expect(invoiceDueDate('2024-01-31', 'fi')).toBe('2024-03-01'); // leap year
    expect(invoiceDueDate('2025-12-15', 'nl')).toBe('2026-01-14');
    expect(invoiceDueDate('2025-03-15', 'no')).toBe('2025-04-14'); // across the DST change
    expect(invoiceDueDate('2025-06-07', 'da')).toBe('2025-07-07'); // lands on a Monday; weekends not skipped
    expect(invoiceDueDate('2025-05-02', 'sv')).toBe('2025-06-01'); // a Sunday stays a Sunday
  });
  it('takes other terms', () => {
    expect(invoiceDueDate('2025-01-31', 'sv', 14)).toBe('2025-02-14');
    expect(invoiceDueDate('2025-01-31', 'sv', 0)).toBe('2025-01-31');
  });
  it('rejects impossible dates and terms', () => {
    expect(() => invoiceDueDate('2025-02-29', 'sv')).toThrow(RangeError);
    expect(() => invoiceDueDate('2025-2-1', 'sv')).toThrow(RangeError);
    expect(() => invoiceDueDate('2025-01-31T10:00:00Z', 'sv')).toThrow(RangeError);
    expect(() => invoiceDueDate('2025-01-31', 'sv', -1)).toThrow(RangeError);
    expect(() => invoiceDueDate('2025-01-31', 'sv', 1.5)).toThrow(RangeError);
  });
});
