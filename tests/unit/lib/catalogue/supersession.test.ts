/** Supersession chains of part numbers (src/lib/catalogue/supersession.ts). */
import { describe, expect, it } from 'vitest';
import { resolveSupersession, supersessionCycles } from '#lib/catalogue/supersession.ts';

describe('supersession', () => {
  const table = new Map([
    ['481236058', '481010595'],
    ['481010595', '481010700'],
    ['C00099', '481010700'],
  ]);

  it('follows an old number through every replacement to the current one', () => {
    expect(resolveSupersession('481236058', table)).toEqual({ current: '481010700', chain: ['481236058', '481010595', '481010700'] });
    expect(resolveSupersession('C00099', table)).toEqual({ current: '481010700', chain: ['C00099', '481010700'] });
    expect(resolveSupersession('481010700', table)).toEqual({ current: '481010700', chain: ['481010700'] });
    expect(resolveSupersession('UNKNOWN', table)).toEqual({ current: 'UNKNOWN', chain: ['UNKNOWN'] });
  });

  it('answers a chain that comes back on itself as a cycle, and finds each cycle of a table once', () => {
    const looped = new Map([
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'B'],
      ['X', 'X'],
      ['D', 'E'],
    ]);
    expect(resolveSupersession('A', looped)).toEqual({ cycle: ['A', 'B', 'C', 'B'] });
    expect(supersessionCycles(looped)).toEqual([
      ['B', 'C', 'B'],
      ['X', 'X'],
    ]);
    expect(supersessionCycles(table)).toEqual([]);
  });
});
