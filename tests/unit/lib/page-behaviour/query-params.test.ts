import { describe, expect, it } from 'vitest';
import {
  campaignParams,
  encodeAtc,
  parseAtc,
  parseOverrides,
  validDisc,
  validRouteDiscount,
  withoutOneShot,
} from '#lib/page-behaviour/query-params.ts';

describe('query-driven behaviour', () => {
  it('decodes atc: base64 sku:qty pairs separated by semicolons', () => {
    expect(parseAtc(btoa('ABC-1:2;XYZ:1'))).toEqual([
      { sku: 'ABC-1', quantity: 2 },
      { sku: 'XYZ', quantity: 1 },
    ]);
    expect(parseAtc(btoa('A:0;B:x;:3;C:9999'))).toEqual([{ sku: 'C', quantity: 5000 }]);
    expect(parseAtc('%%%not base64')).toEqual([]);
    expect(parseAtc(encodeAtc([{ sku: 'Q', quantity: 4 }]))).toEqual([{ sku: 'Q', quantity: 4 }]);
  });
  it('validates disc codes: letters, digits or hyphens, at least 3', () => {
    expect(validDisc('SPRING-24')).toBe('SPRING-24');
    expect(validDisc('ab')).toBeUndefined();
    expect(validDisc('a b c')).toBeUndefined();
    expect(validDisc('<x>')).toBeUndefined();
    expect(validRouteDiscount('abc')).toBe(true);
    expect(validRouteDiscount('ab-c')).toBe(false);
  });
  it('captures campaign parameters and overrides', () => {
    const p = new URLSearchParams(
      'utm_source=news&gclid=g1&foo=bar&stock_dates=days_date_format&search_provider=internal&shipping_processor=<x>',
    );
    expect(campaignParams(p)).toEqual({ utm_source: 'news', gclid: 'g1' });
    expect(campaignParams(new URLSearchParams('a=1'))).toBeUndefined();
    expect(parseOverrides(p)).toEqual({ stock_dates: 'days_date_format', search_provider: 'internal' });
    expect(parseOverrides(new URLSearchParams('stock_dates=weird'))).toEqual({});
  });
  it('strips one-shot flags from the address', () => {
    expect(withoutOneShot('?token=t&login=1&utm_source=x')).toBe('?utm_source=x');
    expect(withoutOneShot('?atc=abc&disc=X')).toBe('');
  });
});
