import { describe, expect, it } from 'vitest';
import { leavesPage, linkLeavesPage, NAV_PROGRESS_DURATION_MS, NAV_PROGRESS_THROTTLE_MS } from '#lib/page-behaviour/nav-progress.ts';

describe('navigation progress bar rules', () => {
  it('has the spec constants: throttle 200 ms, duration 5000 ms', () => {
    expect(NAV_PROGRESS_THROTTLE_MS).toBe(200);
    expect(NAV_PROGRESS_DURATION_MS).toBe(5000);
  });

  it('a navigation event: only one that replaces the page', () => {
    expect(leavesPage({ sameDocument: false, hashChange: false, download: false })).toBe(true);
    expect(leavesPage({ sameDocument: true, hashChange: false, download: false })).toBe(false);
    expect(leavesPage({ sameDocument: true, hashChange: true, download: false })).toBe(false);
    expect(leavesPage({ sameDocument: false, hashChange: false, download: true })).toBe(false);
  });

  const here = new URL('http://sv.localhost/kategori/diskmaskin?sort=price');
  const click = (href: string, more: Partial<{ target: string; download: boolean; handled: boolean }> = {}) =>
    linkLeavesPage({ href, target: '', download: false, handled: false, ...more }, here);

  it('a link click: another page, also another storefront', () => {
    expect(click('/produkt/filter-1')).toBe(true);
    expect(click('http://no.localhost/')).toBe(true);
    expect(click('/kategori/diskmaskin')).toBe(true); // same path, other query: a new page
    expect(click('/kategori/diskmaskin?sort=price#top', { target: '_self' })).toBe(false);
  });

  it('a link click that stays: handled by an island, a new tab, a download, a hash, mailto', () => {
    expect(click('/produkt/filter-1', { handled: true })).toBe(false);
    expect(click('/produkt/filter-1', { target: '_blank' })).toBe(false);
    expect(click('/checkout/invoice/12', { download: true })).toBe(false);
    expect(click('#main')).toBe(false);
    expect(click('mailto:kundservice@example.com')).toBe(false);
  });
});
