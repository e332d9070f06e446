import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from '#lib/mail/retry-schedule.ts';

describe('retryDelayMs', () => {
  it('retries after a minute first, then further apart, for about two days', () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(5 * 60_000);
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)!);
    expect(delays.every((d, i) => i === 0 || d > delays[i - 1]!)).toBe(true);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(36 * 3600_000);
    expect(total).toBeLessThan(72 * 3600_000);
  });

  it('gives up (failed, kept) after the last scheduled attempt', () => {
    expect(retryDelayMs(MAX_ATTEMPTS - 1)).not.toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
  });
});
