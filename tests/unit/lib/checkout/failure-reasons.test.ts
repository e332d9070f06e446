import { describe, expect, it } from 'vitest';
import {
  FAILURE_REASONS,
  failureReason,
  isCheckoutIdShape,
  NEXT_STEPS,
  nextStep,
  type FailureReason,
} from '#lib/checkout/failure-reasons.ts';
import { STRINGS } from '#lib/market/i18n.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

const ALL: FailureReason[] = [...FAILURE_REASONS, 'unknown'];

describe('failed page reasons and checkout ids in paths', () => {
  it('keeps every reason the server sends to the failed page', () => {
    // Which reasons exist is pinned by the next-step table below. They are the providers' failure codes
    // (PaymentState.failureCode), the completion's refusals (finish-payment.ts) and an unconfirmed return (payment-return.ts).
    for (const code of FAILURE_REASONS) expect(failureReason(code)).toBe(code);
  });
  it('shows anything else as unknown (a generic text), never a provider error it was not', () => {
    for (const query of ['toString', 'nonsense', '', null, undefined, 'refunded', 'DECLINED']) expect(failureReason(query)).toBe('unknown');
  });
  it('offers the next step that fits the reason', () => {
    // Spelled out rather than derived from FAILURE_REASONS: these are the reasons and next steps that
    // docs/product/checkout.md#failed-page promises, so dropping, adding or remapping one must fail here.
    expect(ALL.map((r) => [r, nextStep(r)])).toEqual([
      ['declined', 'retry'],
      ['challenge_failed', 'retry'],
      ['cancelled', 'retry'],
      ['expired', 'retry'],
      ['provider_error', 'retry_later'],
      ['out_of_stock', 'check_cart'],
      ['price_changed', 'check_total'],
      ['pending', 'wait'],
      ['unknown', 'retry'],
    ]);
    expect(new Set(ALL.map(nextStep))).toEqual(new Set(NEXT_STEPS));
  });
  it('has a translated reason and next step for every code in all five languages', () => {
    for (const locale of LOCALE_CODES) {
      const failed = STRINGS[locale].checkout.failed;
      const texts = [...ALL.map((r) => failed.reasons[r]), ...NEXT_STEPS.map((s) => failed.next[s]), failed.title, failed.pending_title];
      for (const text of texts) expect(text, locale).toMatch(/\S{2,}/);
      expect(new Set(texts).size, `${locale}: every text is its own`).toBe(texts.length);
      if (locale !== 'sv') for (const r of ALL) expect(failed.reasons[r], `${locale} ${r}`).not.toBe(STRINGS.sv.checkout.failed.reasons[r]);
    }
  });
  it('accepts URL-safe ids up to 64 characters', () => {
    expect(isCheckoutIdShape('AbC_12-xyz')).toBe(true);
    expect(isCheckoutIdShape('a'.repeat(65))).toBe(false);
    expect(isCheckoutIdShape('a/b')).toBe(false);
    expect(isCheckoutIdShape(undefined)).toBe(false);
  });
});
