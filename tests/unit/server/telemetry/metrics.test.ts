import { describe, expect, it, vi } from 'vitest';
import { logger } from '#server/telemetry/logger.ts';
import { metrics, metricsText, observeProviderCall, watchCaches, watchPasswordSlots } from '#server/telemetry/metrics.ts';

const line = async (re: RegExp) => re.exec((await metricsText()).body)?.[0];

describe('metrics', () => {
  it('is one set (and one logger) per process, whichever copy of the module asks (globalThis)', async () => {
    vi.resetModules(); // a fresh module instance, as a newly loaded build bundle has
    const again = await import('#server/telemetry/metrics.ts');
    const againLogger = await import('#server/telemetry/logger.ts');
    expect(again.observeProviderCall).not.toBe(observeProviderCall); // really another copy of the module
    expect(again.metrics).toBe(metrics);
    expect(againLogger.logger).toBe(logger);
  });

  it('counts provider calls by outcome and passes the answer or the failure through', async () => {
    await expect(
      observeProviderCall(
        'unit-provider',
        async () => 42,
        () => 'unavailable',
      ),
    ).resolves.toBe(42);
    await expect(
      observeProviderCall(
        'unit-provider',
        async () => {
          throw new Error('HTTP 503');
        },
        () => 'unavailable',
      ),
    ).rejects.toThrow('HTTP 503');
    expect(await line(/partsfront_provider_calls_total\{provider="unit-provider",outcome="ok"\} \d+/)).toMatch(/ 1$/);
    expect(await line(/partsfront_provider_calls_total\{provider="unit-provider",outcome="unavailable"\} \d+/)).toMatch(/ 1$/);
    expect(await line(/partsfront_provider_call_duration_seconds_count\{provider="unit-provider",outcome="ok"\} \d+/)).toMatch(/ 1$/);
  });

  it('reads the caches and the password queue at scrape time', async () => {
    watchCaches(() => [['unit-cache', { entries: 3, bytes: 1200, maxBytes: 4096, hits: 7, misses: 2, evictions: 1 }]]);
    watchPasswordSlots(() => ({ running: 2, queued: 5 }));
    const text = (await metricsText()).body;
    expect(text).toContain('partsfront_cache_entries{cache="unit-cache"} 3');
    expect(text).toContain('partsfront_cache_bytes{cache="unit-cache"} 1200');
    expect(text).toContain('partsfront_cache_hits_total{cache="unit-cache"} 7');
    expect(text).toContain('partsfront_cache_misses_total{cache="unit-cache"} 2');
    expect(text).toContain('partsfront_password_hash_running 2');
    expect(text).toContain('partsfront_password_hash_waiting 5');
    // a second scrape copies the caches' running totals again, it does not add them up
    expect((await metricsText()).body).toContain('partsfront_cache_hits_total{cache="unit-cache"} 7');
  });
});
