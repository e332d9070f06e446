import { describe, expect, it } from 'vitest';
import {
  couldNameNumber,
  currentProduct,
  findNumbers,
  MAX_PREFIX_NUMBERS,
  numberHits,
  numberKey,
  numberLookup,
  type NumberRow,
} from '#lib/catalogue/part-number-lookup.ts';
import { normalizeNumber } from '#lib/catalogue/model-number.ts';
import { partNumberNote, type NoteTemplates } from '#lib/catalogue/part-number-note.ts';

// 1 → 2 → 3 (3 sold now); 4 replaced by 5 but still sold; 6 stands alone
const replacedBy = new Map([
  [1, 2],
  [2, 3],
  [4, 5],
]);
const rows: NumberRow[] = [
  { productId: 1, kind: 'oem', maker: 'Whirlpool', number: '4812 360 58' },
  { productId: 1, kind: 'sku', maker: null, number: 'WHI-000001' },
  { productId: 3, kind: 'oem', maker: 'Whirlpool', number: '481010595' },
  { productId: 3, kind: 'replaces', maker: null, number: '481010111' },
  { productId: 6, kind: 'cross', maker: 'Bosch', number: '00-611-322' },
  { productId: 4, kind: 'oem', maker: 'Electrolux', number: '140 000 123' },
  { productId: 5, kind: 'oem', maker: 'Electrolux', number: '140000999' },
];
const lookup = numberLookup(rows, replacedBy);
const sold = new Set([3, 4, 5, 6]);
const hits = (q: string, inStore: (id: number) => boolean = () => true) => numberHits(lookup, q, (id) => sold.has(id), inStore);

describe('couldNameNumber', () => {
  it('is false exactly where no lookup could find a number, so a word query never waits for the numbers', () => {
    for (const q of ['dammsugare', 'ab1', 'filt', '12', ' 4 8 ', 'WHI', 'bosch filter']) {
      expect(couldNameNumber(q), q).toBe(false);
      expect(findNumbers(lookup, q).entries).toEqual([]);
    }
    for (const q of ['4812 360 58', 'WHI-000001', '4812', '00-611', 'a1b2']) expect(couldNameNumber(q), q).toBe(true);
    // every query that finds an entry passes it
    for (const r of rows)
      for (let n = 1; n <= r.number.length; n++)
        if (findNumbers(lookup, r.number.slice(0, n)).entries.length) expect(couldNameNumber(r.number.slice(0, n))).toBe(true);
  });
});

describe('currentProduct', () => {
  it('follows the chain to its end, and stops where a (refused) cycle would close', () => {
    expect([
      currentProduct(1, replacedBy),
      currentProduct(2, replacedBy),
      currentProduct(3, replacedBy),
      currentProduct(6, replacedBy),
    ]).toEqual([3, 3, 3, 6]);
    expect(
      currentProduct(
        7,
        new Map([
          [7, 8],
          [8, 7],
        ]),
      ),
    ).toBe(8);
  });
});

describe('numberHits', () => {
  it('finds the part sold now by an old product’s OEM number, spaces, dashes and case ignored, saying what it replaces', () => {
    for (const q of ['481236058', '4812 360 58', '4812-360-58']) {
      expect(hits(q)).toEqual([
        { productId: 3, matched: { kind: 'replaces', number: '4812 360 58', maker: 'Whirlpool' }, replacesProduct: 1, exact: true },
      ]);
    }
  });

  it('finds the successor by a superseded product’s sku; the unsold old product itself is not offered', () => {
    expect(hits('whi-000001').map((h) => [h.productId, h.matched.kind])).toEqual([[3, 'replaces']]);
  });

  it('offers a replaced part that is still sold after its successor', () => {
    expect(hits('140000123').map((h) => [h.productId, h.matched.kind, h.replacesProduct])).toEqual([
      [5, 'replaces', 4],
      [4, 'oem', null],
    ]);
  });

  it('finds a part by its own OEM number, cross-reference (with the maker) and replaced number', () => {
    expect(hits('481010595')[0]).toMatchObject({ productId: 3, matched: { kind: 'oem', maker: 'Whirlpool' } });
    expect(hits('00611322')[0]).toMatchObject({ productId: 6, matched: { kind: 'cross', number: '00-611-322', maker: 'Bosch' } });
    expect(hits('481010111')[0]).toMatchObject({ productId: 3, matched: { kind: 'replaces', number: '481010111' } });
  });

  it('matches a prefix of 6 or more characters when nothing matches exactly, never a shorter one or a word', () => {
    expect(hits('481010').map((h) => h.productId)).toEqual([3]);
    expect(hits('481010')[0].exact).toBe(false);
    expect(hits('48101')).toEqual([]);
    expect(hits('filter')).toEqual([]);
    expect(findNumbers(lookup, 'abc').entries).toEqual([]);
  });

  it('gives up on a prefix naming more than a handful of numbers', () => {
    const many = numberLookup(
      Array.from({ length: MAX_PREFIX_NUMBERS + 1 }, (_, i) => ({
        productId: i + 1,
        kind: 'oem' as const,
        maker: null,
        number: `777777${i}`,
      })),
      new Map(),
    );
    expect(findNumbers(many, '777777').entries).toEqual([]);
    expect(findNumbers(many, '7777773').entries).toHaveLength(1);
  });

  it('leaves out products the storefront does not sell', () => {
    expect(hits('140000123', (id) => id !== 5).map((h) => h.productId)).toEqual([4]);
  });
});

describe('partNumberNote', () => {
  const t: NoteTemplates = {
    oem: 'OEM {number}',
    cross: 'motsvarar {maker} {number}',
    replaces: 'ersätter {number}',
    replacedBy: 'ersatt av {name}',
  };
  it('says why a hit was found, and names the successor of a replaced part', () => {
    expect(partNumberNote(t, { matched_number: { kind: 'replaces', number: '481236058', maker: null } })).toBe('ersätter 481236058');
    expect(partNumberNote(t, { matched_number: { kind: 'oem', number: '481236058', maker: 'Whirlpool' } })).toBe('OEM 481236058');
    expect(partNumberNote(t, { matched_number: { kind: 'cross', number: '481236058', maker: 'Whirlpool' } })).toBe(
      'motsvarar Whirlpool 481236058',
    );
    expect(partNumberNote(t, { matched_number: { kind: 'cross', number: '1', maker: null } })).toBe('motsvarar 1');
    expect(
      partNumberNote(t, { matched_number: { kind: 'oem', number: '1', maker: null }, replaced_by: { name: 'Filter till Bosch' } }),
    ).toBe('ersatt av Filter till Bosch');
    expect(partNumberNote(t, { matched_number: { kind: 'sku', number: 'X', maker: null } })).toBeNull();
    expect(partNumberNote(t, {})).toBeNull();
  });
});

describe('the packed numbers', () => {
  it('sort and find as their strings would: prefixes first, letters beyond ASCII, thousands of them', () => {
    let seed = 17;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = '0123456789ABCKÄØÉ';
    const many: NumberRow[] = Array.from({ length: 3000 }, (_, i) => ({
      productId: 1 + (i % 700),
      kind: 'oem',
      maker: null,
      number: Array.from({ length: 4 + Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
    }));
    // a number and its own prefix, both
    many.push(
      { productId: 9001, kind: 'oem', maker: null, number: 'KÄ12345' },
      { productId: 9002, kind: 'oem', maker: null, number: 'KÄ1234' },
    );
    const big = numberLookup(many, new Map());
    const keys = Array.from({ length: big.size }, (_, i) => numberKey(big, i));
    const strings = many.map((r) => normalizeNumber(r.number)).filter((k) => k.length > 0);
    expect(keys).toEqual([...strings].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // every number finds exactly the entries holding it
    for (const k of new Set(strings.filter((x) => /\d/.test(x)))) {
      const found = findNumbers(big, k);
      expect(found.exact).toBe(true);
      expect(found.entries.map((i) => keys[i])).toEqual(strings.filter((x) => x === k));
    }
    expect(findNumbers(big, 'KÄ1234').entries.map((i) => big.product[i])).toEqual([9002]);
    // a prefix of six that names few numbers finds them, and only numbers beginning with it
    const prefixed = findNumbers(big, 'KÄ1234X');
    expect(prefixed.entries).toEqual([]);
    const six = findNumbers(big, 'KÄ1234'.slice(0, 6) + '5');
    expect(six.entries.map((i) => big.product[i])).toEqual([9001]);
  });
});
