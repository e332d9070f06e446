import { describe, expect, it } from 'vitest';
import { addRecentlyViewed, pushHistory, type RecentlyViewed } from '#lib/page-behaviour/visit-history.ts';

describe('recently viewed and breadcrumb history', () => {
  const rv = (sku: string): RecentlyViewed => ({ sku, name: sku, url: `/p/${sku}`, thumb: null });
  it('keeps 5, newest first, no duplicates', () => {
    let list = ['a', 'b', 'c', 'd', 'e', 'f'].reduce((l, s) => addRecentlyViewed(l, rv(s)), [] as RecentlyViewed[]);
    expect(list.map((x) => x.sku)).toEqual(['f', 'e', 'd', 'c', 'b']);
    list = addRecentlyViewed(list, rv('d'));
    expect(list.map((x) => x.sku)).toEqual(['f', 'e', 'd', 'c', 'b']);
  });
  it('skips an entry equal to the previous target and keeps the last 5', () => {
    let h = pushHistory([], { name: 'A', target: '/a' });
    h = pushHistory(h, { name: 'A again', target: '/a' });
    expect(h).toHaveLength(1);
    for (const t of ['/b', '/c', '/d', '/e', '/f']) h = pushHistory(h, { name: t, target: t });
    expect(h.map((x) => x.target)).toEqual(['/b', '/c', '/d', '/e', '/f']);
    expect(pushHistory(h, { name: 'x', target: '/a' }).at(-1)?.target).toBe('/a');
  });
});
