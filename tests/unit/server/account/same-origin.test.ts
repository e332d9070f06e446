import { describe, expect, it } from 'vitest';
import { isSameOriginPost } from '#server/account/same-origin.ts';

const h = (init: Record<string, string>) => new Headers(init);

describe('isSameOriginPost', () => {
  it('accepts a post whose Origin (or, without one, Referer) is the storefront itself', () => {
    expect(isSameOriginPost(h({ host: 'sv.localhost:4411', origin: 'http://sv.localhost:4411' }))).toBe(true);
    expect(isSameOriginPost(h({ host: 'shop.se', referer: 'https://shop.se/my-account/profile/edit' }))).toBe(true);
  });

  it('refuses another site, another storefront, an opaque origin and a post that names none', () => {
    expect(isSameOriginPost(h({ host: 'shop.se', origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOriginPost(h({ host: 'shop.se', origin: 'https://shop.fi' }))).toBe(false);
    expect(isSameOriginPost(h({ host: 'shop.se', origin: 'null' }))).toBe(false);
    expect(isSameOriginPost(h({ host: 'shop.se' }))).toBe(false);
    expect(isSameOriginPost(h({ host: 'shop.se', origin: 'not a url' }))).toBe(false);
  });
});
