import { describe, expect, it } from 'vitest';
import { lowerBound } from '#server/search/index-builder.ts';

describe('search matching and ranking', () => {
  it('lowerBound finds the first token at or after a prefix', () => {
    expect(lowerBound(['a', 'b', 'bb', 'c'], 'b')).toBe(1);
    expect(lowerBound(['a', 'b'], 'z')).toBe(2);
  });
});
