import { describe, expect, it } from 'vitest';
import { checkReturnLines, coversWholeOrder, returnableQuantities } from '#lib/returns/return-lines.ts';

const lines = [
  { sku: 'A-1', name: 'Filter', quantity: 3 },
  { sku: 'B-2', name: 'Belt', quantity: 1 },
  { sku: 'A-1', name: 'Filter (subscription)', quantity: 2 },
];

describe('returnable quantities', () => {
  it('is delivered minus what earlier returns cover, per line (the same sku on two lines kept apart)', () => {
    expect(returnableQuantities(lines, [])).toEqual([3, 1, 2]);
    expect(returnableQuantities(lines, [[{ line: 0, sku: 'A-1', quantity: 2 }], [{ line: 2, sku: 'A-1', quantity: 2 }]])).toEqual([
      1, 1, 0,
    ]);
  });
});

describe('checking a request', () => {
  const earlier = [[{ line: 0, sku: 'A-1', quantity: 2 }]];
  it('accepts what is left and drops zero quantities', () => {
    expect(
      checkReturnLines(lines, earlier, [
        { line: 0, sku: 'A-1', quantity: 1 },
        { line: 1, sku: 'B-2', quantity: 0 },
      ]),
    ).toEqual({ ok: true, lines: [{ line: 0, sku: 'A-1', quantity: 1 }] });
  });

  it('refuses more than is left, unknown lines, a sku that is not the line’s, duplicates and nothing', () => {
    expect(checkReturnLines(lines, earlier, [{ line: 0, sku: 'A-1', quantity: 2 }])).toEqual({
      ok: false,
      problem: { code: 'too_many', line: 0, returnable: 1 },
    });
    expect(checkReturnLines(lines, [], [{ line: 7, sku: 'A-1', quantity: 1 }])).toEqual({
      ok: false,
      problem: { code: 'unknown_line', line: 7 },
    });
    expect(checkReturnLines(lines, [], [{ line: 1, sku: 'A-1', quantity: 1 }])).toEqual({
      ok: false,
      problem: { code: 'unknown_line', line: 1 },
    });
    expect(
      checkReturnLines(
        lines,
        [],
        [
          { line: 1, sku: 'B-2', quantity: 1 },
          { line: 1, sku: 'B-2', quantity: 1 },
        ],
      ),
    ).toEqual({ ok: false, problem: { code: 'duplicate_line', line: 1 } });
    expect(checkReturnLines(lines, [], [{ line: 1, sku: 'B-2', quantity: 0 }])).toEqual({ ok: false, problem: { code: 'no_lines' } });
  });

  it('knows when returns cover the whole order', () => {
    const all = [
      [{ line: 0, sku: 'A-1', quantity: 3 }],
      [
        { line: 1, sku: 'B-2', quantity: 1 },
        { line: 2, sku: 'A-1', quantity: 2 },
      ],
    ];
    expect(coversWholeOrder(lines, all)).toBe(true);
    expect(coversWholeOrder(lines, all.slice(0, 1))).toBe(false);
  });
});
