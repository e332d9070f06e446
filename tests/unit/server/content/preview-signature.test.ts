import { describe, expect, it } from 'vitest';
import { previewQuery, verifyPreview } from '#server/content/preview-signature.ts';

const KEY = 'k'.repeat(32);
const claim = { draftId: 'd-1', locale: 'sv', expires: 2000 };

describe('preview link signature', () => {
  it('accepts its own link before expiry, in its storefront', () => {
    const v = verifyPreview(KEY, new URLSearchParams(previewQuery(KEY, claim)), 'sv', 1999);
    expect(v).toEqual({ ok: true, claim });
  });
  it('refuses an expired link', () => {
    expect(verifyPreview(KEY, new URLSearchParams(previewQuery(KEY, claim)), 'sv', 2000)).toEqual({ ok: false, reason: 'expired' });
  });
  it('refuses a link opened on another storefront', () => {
    expect(verifyPreview(KEY, new URLSearchParams(previewQuery(KEY, claim)), 'no', 1000)).toEqual({
      ok: false,
      reason: 'other_storefront',
    });
  });
  it('refuses a changed draft id, locale, expiry or another key', () => {
    for (const [k, v] of [
      ['draft', 'd-2'],
      ['locale', 'no'],
      ['exp', '9999'],
    ] as const) {
      const q = new URLSearchParams(previewQuery(KEY, claim));
      q.set(k, v);
      expect(verifyPreview(KEY, q, v === 'no' ? 'no' : 'sv', 1000)).toEqual({ ok: false, reason: 'forged' });
    }
    expect(verifyPreview('x'.repeat(32), new URLSearchParams(previewQuery(KEY, claim)), 'sv', 1000).ok).toBe(false);
  });
  it('refuses a link without a signature', () => {
    expect(verifyPreview(KEY, new URLSearchParams('draft=d-1&exp=2000'), 'sv', 1000)).toEqual({ ok: false, reason: 'missing' });
  });
});
