import { describe, expect, it } from 'vitest';
import { shouldLoadReviews } from '#lib/content/review-widget.ts';

describe('trust-review widget loading rule', () => {
  it('loads at once on a viewport over 1200 px with a page of at most 1800 px', () => {
    expect(shouldLoadReviews({ viewportHeight: 1201, pageHeight: 1800, scrollY: 0 })).toBe(true);
    expect(shouldLoadReviews({ viewportHeight: 1200, pageHeight: 1800, scrollY: 0 })).toBe(false);
    expect(shouldLoadReviews({ viewportHeight: 1300, pageHeight: 1801, scrollY: 0 })).toBe(false);
  });
  it('otherwise after scrolling past 400 px', () => {
    expect(shouldLoadReviews({ viewportHeight: 800, pageHeight: 5000, scrollY: 400 })).toBe(false);
    expect(shouldLoadReviews({ viewportHeight: 800, pageHeight: 5000, scrollY: 401 })).toBe(true);
  });
});
