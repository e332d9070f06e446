import { describe, expect, it } from 'vitest';
import { storefrontOrigins } from '#lib/market/origins.ts';

describe('locale table', () => {
  it('builds public origins', () => {
    expect(storefrontOrigins({ port: '4321' }).da).toBe('http://da.localhost:4321');
    expect(storefrontOrigins({ domains: 'sv=shop.se', port: '443' }).sv).toBe('https://shop.se');
  });
});
