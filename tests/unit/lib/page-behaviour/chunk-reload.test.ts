import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadForChunk } from '#lib/page-behaviour/chunk-reload.ts';

describe('chunk-load failure reload', () => {
  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadForChunk(null, 1000)).toBe(true);
    expect(shouldReloadForChunk(1000, 60_999)).toBe(false);
    expect(shouldReloadForChunk(1000, 61_000)).toBe(true);
  });
  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/_astro/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});
