import { describe, expect, it } from 'vitest';
import { cellsOfText, orderLines, orderLinesOfText, QUICK_ORDER_MAX_LINES } from '#lib/quick-order/order-lines.ts';

describe('cellsOfText', () => {
  it('splits on a tab, semicolon or comma, else takes a trailing whole number as the quantity', () => {
    expect(cellsOfText('PF-1001\t3')).toEqual(['PF-1001', '3']);
    expect(cellsOfText('4812 360 58; 2')).toEqual(['4812 360 58', '2']);
    expect(cellsOfText('PF-1001,10')).toEqual(['PF-1001', '10']);
    expect(cellsOfText('4812 360 58 2')).toEqual(['4812 360 58', '2', '4812 360 58 2']);
    expect(cellsOfText('  PF-1001  ')).toEqual(['PF-1001']);
    expect(cellsOfText('ABC X2')).toEqual(['ABC X2']);
  });
});

describe('orderLines', () => {
  it('reads numbers and quantities, a lone number ordering one, skipping a header and blank rows', () => {
    const parsed = orderLinesOfText('SKU;Antal\nPF-1001;3\n\n4812 360 58\nPF-2002\t12\n');
    expect(parsed.lines).toEqual([
      { row: 2, number: 'PF-1001', quantity: 3 },
      { row: 4, number: '4812 360', quantity: 58, whole: '4812 360 58' },
      { row: 5, number: 'PF-2002', quantity: 12 },
    ]);
    expect(parsed.problems).toEqual([]);
  });

  it('names the row of a bad quantity and adds up a number given twice (spacing and case aside)', () => {
    const parsed = orderLines([
      ['pf-1001', '2'],
      ['PF 1001', '3'],
      ['PF-2002', 'två'],
      ['PF-3003', '0'],
      ['', '4'],
    ]);
    expect(parsed.lines).toEqual([{ row: 1, number: 'pf-1001', quantity: 5 }]);
    expect(parsed.problems).toEqual([
      { row: 3, text: 'PF-2002 två', reason: 'quantity' },
      { row: 4, text: 'PF-3003 0', reason: 'quantity' },
      { row: 5, text: '4', reason: 'number' },
    ]);
  });

  it('reads at most QUICK_ORDER_MAX_LINES rows and says so', () => {
    const rows = Array.from({ length: QUICK_ORDER_MAX_LINES + 5 }, (_, i) => [`N-${i}`, '1']);
    const parsed = orderLines(rows);
    expect(parsed.lines).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(parsed.truncated).toBe(true);
  });
});
