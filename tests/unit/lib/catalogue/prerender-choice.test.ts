import { describe, expect, it } from 'vitest';
import {
  MODEL_PRERENDER_DEFAULT,
  modelPrerenderLimit,
  prerenderLimit,
  PRODUCT_PRERENDER_DEFAULT,
  productPrerenderLimit,
} from '#lib/catalogue/prerender-choice.ts';

describe('prerenderLimit', () => {
  it('reads a non-negative integer; anything else means the default', () => {
    expect(prerenderLimit(undefined)).toBeUndefined();
    expect(prerenderLimit('')).toBeUndefined();
    expect(prerenderLimit('abc')).toBeUndefined();
    expect(prerenderLimit('-3')).toBeUndefined();
    expect(prerenderLimit('2.5')).toBeUndefined();
    expect(prerenderLimit('0')).toBe(0);
    expect(prerenderLimit('20000')).toBe(20000);
  });
});

describe('product pages prerendered (ADR 0031)', () => {
  it('takes PARTSFRONT_PRERENDER_PRODUCTS, else 20,000 per storefront', () => {
    expect(productPrerenderLimit('0')).toBe(0);
    expect(productPrerenderLimit('500000')).toBe(500000);
    expect(PRODUCT_PRERENDER_DEFAULT).toBe(20_000);
    for (const v of [undefined, '', 'x', '-1']) expect(productPrerenderLimit(v)).toBe(PRODUCT_PRERENDER_DEFAULT);
  });
});

describe('model pages prerendered (ADR 0027)', () => {
  it('takes PARTSFRONT_PRERENDER_MODELS, else the small default set', () => {
    expect(modelPrerenderLimit('0')).toBe(0);
    expect(modelPrerenderLimit('2000')).toBe(2000);
    for (const v of [undefined, '', 'x', '-1']) expect(modelPrerenderLimit(v)).toBe(MODEL_PRERENDER_DEFAULT);
  });
});
