import { describe, expect, it } from 'vitest';
import { clientIp, createRateLimiter } from '#server/http/rate-limit.ts';

describe('rate limiter', () => {
  it('allows `limit` hits per window per key, then refuses until the window ends', () => {
    const rl = createRateLimiter(3, 60_000);
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => rl.hit('a', t).allowed)).toEqual([true, true, true, false]);
    expect(rl.hit('b', t).allowed).toBe(true);
    expect(rl.hit('a', t + 30_000).retryAfterSeconds).toBe(30);
    expect(rl.hit('a', t + 60_000).allowed).toBe(true);
  });
  it('trusts x-forwarded-for only when told to', () => {
    const h = new Headers({ 'x-forwarded-for': '203.0.113.9, 10.0.0.1' });
    expect(clientIp(h, () => '10.0.0.1', false)).toBe('10.0.0.1');
    expect(clientIp(h, () => '10.0.0.1', true)).toBe('203.0.113.9');
    expect(
      clientIp(
        new Headers(),
        () => {
          throw new Error('no socket');
        },
        false,
      ),
    ).toBe('unknown');
  });
});
