import { describe, expect, it } from 'vitest';
import {
  canDecide,
  companyCheckoutOutcome,
  declineReason,
  isApprovalStatus,
  payableWhileWaiting,
} from '#lib/company/order-approval-rules.ts';
import { companyFormSchema } from '#lib/company/company-forms.ts';
import { APPROVAL_TEXT_KEYS, approvalText } from '#lib/company/approval-texts.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

describe('a company member at checkout', () => {
  it('places as usual outside a company, refuses a viewer, sends a buyer above the limit to approval', () => {
    expect(companyCheckoutOutcome(undefined, 9_999_999)).toBe('place');
    expect(companyCheckoutOutcome({ role: 'viewer', spendingLimitMinor: null }, 0)).toBe('refused');
    expect(companyCheckoutOutcome({ role: 'buyer', spendingLimitMinor: 500_000 }, 500_000)).toBe('place');
    expect(companyCheckoutOutcome({ role: 'buyer', spendingLimitMinor: 500_000 }, 500_001)).toBe('approval');
    expect(companyCheckoutOutcome({ role: 'buyer', spendingLimitMinor: null }, 9_999_999)).toBe('place');
    expect(companyCheckoutOutcome({ role: 'admin', spendingLimitMinor: null }, 9_999_999)).toBe('place');
  });

  it('lets an order wait only when it is paid by the shop’s own invoice', () => {
    expect(payableWhileWaiting('invoice')).toBe(true);
    expect(payableWhileWaiting('adyen')).toBe(false);
    expect(payableWhileWaiting('klarna')).toBe(false);
  });
});

describe('an approval request', () => {
  it('is decided once', () => {
    expect(canDecide('waiting')).toBe(true);
    expect(canDecide('approved')).toBe(false);
    expect(canDecide('declined')).toBe(false);
    expect(isApprovalStatus('waiting')).toBe(true);
    expect(isApprovalStatus('placed')).toBe(false);
  });

  it('keeps a decline reason trimmed and short, none when empty', () => {
    expect(declineReason('  over budget  ')).toBe('over budget');
    expect(declineReason('   ')).toBeNull();
    expect(declineReason(undefined)).toBeNull();
    expect(declineReason('x'.repeat(600))).toHaveLength(500);
  });

  it('takes approve and decline forms with a request id only in its shape', () => {
    const id = '0b9c2f4e-7a1d-4c1e-9d2b-5f0e8a7c6b3d';
    expect(companyFormSchema.parse({ action: 'approve', request_id: id })).toEqual({ action: 'approve', request_id: id });
    expect(companyFormSchema.parse({ action: 'decline', request_id: id, reason: ' too much ' })).toEqual({
      action: 'decline',
      request_id: id,
      reason: 'too much',
    });
    expect(companyFormSchema.safeParse({ action: 'approve', request_id: '1 OR 1=1' }).success).toBe(false);
  });
});

describe('the approval texts', () => {
  it('exist in every storefront language and fill their values', () => {
    for (const locale of LOCALE_CODES) {
      expect(approvalText(locale, 'viewer_refused').length).toBeGreaterThan(10);
      const text = approvalText(locale, 'waiting_text', { total: '6 000 kr', company: 'Acme AB' });
      expect(text).toContain('Acme AB');
      expect(text).not.toContain('{{');
    }
  });
});

describe('approval texts', () => {
  it('has every text in every storefront, with its values filled in', () => {
    for (const locale of LOCALE_CODES)
      for (const key of APPROVAL_TEXT_KEYS) {
        const text = approvalText(locale, key, {
          total: '1 234 kr',
          company: 'ACME',
          buyer: 'Bo',
          number: '100',
          limit: '500',
          reason: 'r',
        });
        expect(text, `${locale} ${key}`).not.toContain('company.approval');
        expect(text.trim().length, `${locale} ${key}`).toBeGreaterThan(1);
        expect(text, `${locale} ${key}`).not.toMatch(/\{\{/);
      }
  });
});
