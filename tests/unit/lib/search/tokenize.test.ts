import { describe, expect, it } from 'vitest';
import { queryTokens, tokenize } from '#lib/search/tokenize.ts';

describe('search matching and ranking', () => {
  it('tokenizes letters and digits, keeping Nordic letters', () => {
    expect(tokenize('Fläkt-filter BOS-000001')).toEqual(['fläkt', 'filter', 'bos', '000001']);
    expect(queryTokens('a filter filter')).toEqual(['filter']);
  });
});
