import { describe, expect, it } from 'vitest';
import { MODEL_PRERENDER_DEFAULT, modelPrerenderLimit, prerenderLimit, productsToPrerender } from '#lib/catalogue/prerender-choice.ts';

const p = (id: number, stock_status: string, orderable = true) => ({ id, stock_status, orderable });

describe('prerenderLimit', () => {
  it('reads a non-negative integer; anything else means every product', () => {
    expect(prerenderLimit(undefined)).toBeUndefined();
    expect(prerenderLimit('')).toBeUndefined();
    expect(prerenderLimit('abc')).toBeUndefined();
    expect(prerenderLimit('-3')).toBeUndefined();
    expect(prerenderLimit('2.5')).toBeUndefined();
    expect(prerenderLimit('0')).toBe(0);
    expect(prerenderLimit('20000')).toBe(20000);
  });
});

describe('productsToPrerender', () => {
  const all = [p(5, 'out-of-stock', false), p(4, 'back-order-slow'), p(3, 'in-stock'), p(2, 'discontinued', false), p(1, 'in-stock')];

  it('keeps every product (in catalogue order) without a limit or with a limit above the count', () => {
    expect(productsToPrerender(all, undefined).map((x) => x.id)).toEqual([5, 4, 3, 2, 1]);
    expect(productsToPrerender(all, 9).map((x) => x.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('takes in-stock products first, then orderable ones, then the rest, by id', () => {
    expect(productsToPrerender(all, 2).map((x) => x.id)).toEqual([1, 3]);
    expect(productsToPrerender(all, 3).map((x) => x.id)).toEqual([1, 3, 4]);
    expect(productsToPrerender(all, 4).map((x) => x.id)).toEqual([1, 3, 4, 2]);
    expect(productsToPrerender(all, 0)).toEqual([]);
  });
});

describe('model pages prerendered (ADR 0027)', () => {
  it('takes PARTSFRONT_PRERENDER_MODELS, else the small default set', () => {
    expect(modelPrerenderLimit('0')).toBe(0);
    expect(modelPrerenderLimit('2000')).toBe(2000);
    for (const v of [undefined, '', 'x', '-1']) expect(modelPrerenderLimit(v)).toBe(MODEL_PRERENDER_DEFAULT);
  });
});
