import { describe, expect, it } from 'vitest';
import { partnersToRank } from '#lib/catalogue/recommendation-candidates.ts';

describe('bought-together partners worth ranking', () => {
  it('keeps every partner when there are no more than the list holds', () => {
    const m = new Map([
      [5, 1],
      [3, 2],
    ]);
    expect(partnersToRank(m, 4)).toEqual(
      new Map([
        [3, 2],
        [5, 1],
      ]),
    );
  });

  it('keeps the best counts up to the limit and everything tied with the last one kept', () => {
    const m = new Map([
      [1, 5],
      [2, 1],
      [3, 3],
      [4, 3],
      [5, 3],
      [6, 2],
    ]);
    // limit 2: 5 orders, then three products at 3 — which of them ranks first is the catalogue's similarity
    expect([...partnersToRank(m, 2).keys()]).toEqual([1, 3, 4, 5]);
    expect([...partnersToRank(m, 5).keys()]).toEqual([1, 3, 4, 5, 6]);
    expect(partnersToRank(m, 1)).toEqual(new Map([[1, 5]]));
  });
});
