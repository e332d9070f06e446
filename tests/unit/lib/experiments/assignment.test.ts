import { describe, expect, it } from 'vitest';
import {
  assignMissing,
  assignVariant,
  bucketOf,
  hash32,
  newVisitorId,
  VISITOR_ID_PATTERN,
  weightedVariant,
} from '#lib/experiments/assignment.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
const fiftyFifty = {
  name: 'accessories',
  variants: [
    { name: 'original', weight: 50 },
    { name: 'upselling', weight: 50 },
  ],
};

describe('assignment', () => {
  it('is stable: the same visitor and experiment always give the same variant', () => {
    for (const id of ids(200)) {
      expect(assignVariant(id, fiftyFifty)).toBe(assignVariant(id, fiftyFifty));
      expect(bucketOf(id, 'x')).toBe(bucketOf(id, 'x'));
    }
    expect(hash32('a')).toBe(hash32('a'));
    expect(hash32('a')).not.toBe(hash32('b'));
  });

  it('follows the weights over many visitors (50/50 and 90/10 within 2 points)', () => {
    const visitors = ids(20_000);
    const share = (e: typeof fiftyFifty, v: string) => visitors.filter((id) => assignVariant(id, e) === v).length / visitors.length;
    expect(Math.abs(share(fiftyFifty, 'upselling') - 0.5)).toBeLessThan(0.02);
    const skewed = {
      name: 'stock_dates',
      variants: [
        { name: 'days_date_format', weight: 9 },
        { name: 'default_format', weight: 1 },
      ],
    };
    expect(Math.abs(share(skewed, 'default_format') - 0.1)).toBeLessThan(0.02);
  });

  it('buckets experiments independently: knowing one variant says nothing about the other', () => {
    const visitors = ids(20_000);
    const other = {
      ...fiftyFifty,
      name: 'recent_product_views',
      variants: [
        { name: 'shown', weight: 1 },
        { name: 'hidden', weight: 1 },
      ],
    };
    const upselling = visitors.filter((id) => assignVariant(id, fiftyFifty) === 'upselling');
    const shownAmongUpselling = upselling.filter((id) => assignVariant(id, other) === 'shown').length / upselling.length;
    expect(Math.abs(shownAmongUpselling - 0.5)).toBeLessThan(0.03);
  });

  it('never picks a variant of weight 0 and has none when every weight is 0', () => {
    const variants = [
      { name: 'a', weight: 0 },
      { name: 'b', weight: 3 },
    ];
    for (const u of [0, 0.1, 0.5, 0.999999]) expect(weightedVariant(variants, u)).toBe('b');
    expect(weightedVariant([{ name: 'a', weight: 0 }], 0.3)).toBeUndefined();
    expect(
      weightedVariant(
        [
          { name: 'a', weight: 1 },
          { name: 'b', weight: 3 },
        ],
        0.24,
      ),
    ).toBe('a');
    expect(
      weightedVariant(
        [
          { name: 'a', weight: 1 },
          { name: 'b', weight: 3 },
        ],
        0.26,
      ),
    ).toBe('b');
  });

  it('assigns only the running experiments a visitor holds no variant for', () => {
    const held = { accessories: 'upselling' };
    const running = [
      {
        name: 'accessories',
        variants: [
          { name: 'original', weight: 1 },
          { name: 'upselling', weight: 0 },
        ],
      },
      {
        name: 'items_bought_today',
        variants: [
          { name: 'shown', weight: 1 },
          { name: 'hidden', weight: 0 },
        ],
      },
    ];
    expect(assignMissing('v', running, held)).toEqual({ accessories: 'upselling', items_bought_today: 'shown' });
  });

  it('makes random visitor ids in UUID form', () => {
    const a = newVisitorId();
    expect(a).toMatch(VISITOR_ID_PATTERN);
    expect(newVisitorId()).not.toBe(a);
  });
});
