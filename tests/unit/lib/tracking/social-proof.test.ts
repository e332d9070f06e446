import { describe, expect, it } from 'vitest';
import {
  firstBucketOfWindow,
  hintsToShow,
  hourBucket,
  isShown,
  MIN_BOUGHT_SHOWN,
  MIN_VIEWS_SHOWN,
  SOCIAL_PROOF_DELAY_MS,
  VIEW_WINDOW_HOURS,
} from '#lib/tracking/social-proof.ts';

const on = { productViewsRecently: true, itemsBoughtToday: true };

describe('thresholds', () => {
  it('are the documented figures', () => {
    expect([MIN_VIEWS_SHOWN, MIN_BOUGHT_SHOWN, SOCIAL_PROOF_DELAY_MS, VIEW_WINDOW_HOURS]).toEqual([5, 2, 3000, 24]);
  });
  it('a hint shows from its threshold on, not below', () => {
    expect(hintsToShow({ viewed_recently: 4, bought_today: 1 }, on)).toEqual({ viewedRecently: null, boughtToday: null });
    expect(hintsToShow({ viewed_recently: 5, bought_today: 2 }, on)).toEqual({ viewedRecently: 5, boughtToday: 2 });
    expect(hintsToShow({ viewed_recently: 120, bought_today: 0 }, on)).toEqual({ viewedRecently: 120, boughtToday: null });
  });
  it('a hint whose experiment is not shown stays hidden whatever the counts', () => {
    expect(hintsToShow({ viewed_recently: 50, bought_today: 9 }, { productViewsRecently: false, itemsBoughtToday: true })).toEqual({
      viewedRecently: null,
      boughtToday: 9,
    });
    expect(hintsToShow({ viewed_recently: 50, bought_today: 9 }, { productViewsRecently: true, itemsBoughtToday: false })).toEqual({
      viewedRecently: 50,
      boughtToday: null,
    });
  });
  it('only the variant shown counts as shown', () => {
    expect(isShown('shown')).toBe(true);
    for (const v of ['hidden', 'original', '', 'Shown']) expect(isShown(v)).toBe(false);
  });
});

describe('time buckets', () => {
  it('hour buckets are UTC hours', () => {
    expect(hourBucket(new Date('2026-11-24T15:59:59.999Z'))).toBe('2026-11-24T15');
  });
  it('the 24-hour window starts 23 hours before the current hour', () => {
    expect(firstBucketOfWindow(new Date('2026-11-24T15:10:00Z'))).toBe('2026-11-23T16');
  });
});
