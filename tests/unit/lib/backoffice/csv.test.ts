/** The CSV writer (docs/product/back-office-data.md#csv-export): RFC 4180 quoting, formula guard, exact amounts. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, minorToDecimal, UTF8_BOM } from '#lib/backoffice/csv.ts';
import { ORDER_CSV_HEADER, orderCsvHeader, orderCsvRecord } from '#lib/backoffice/csv-orders.ts';

describe('csvCell', () => {
  it('plain text and numbers as they are; null and undefined empty', () => {
    expect(csvCell('Anna Svensson')).toBe('Anna Svensson');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('Åsa Öberg – 北京')).toBe('Åsa Öberg – 北京');
  });

  it('quotes fields with a comma, a quote, CR or LF, doubling quotes', () => {
    expect(csvCell('Svensson, Anna')).toBe('"Svensson, Anna"');
    expect(csvCell('the "best" filter')).toBe('"the ""best"" filter"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('"')).toBe('""""');
  });

  it('guards cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+46701234567')).toBe("'+46701234567");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('refuses a number that is not finite', () => {
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });
});

describe('csvRow', () => {
  it('joins with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b,c', 1, null])).toBe('a,"b,c",1,\r\n');
  });
});

describe('minorToDecimal', () => {
  it('exact to the minor unit, without floating point', () => {
    expect(minorToDecimal(123456)).toBe('1234.56');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(0)).toBe('0.00');
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(-120_00)).toBe('-120.00');
    expect(minorToDecimal(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(minorToDecimal(1999, 0)).toBe('1999');
    expect(() => minorToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('order CSV', () => {
  it('a header and one record per order; the BOM is for the whole file', () => {
    expect(orderCsvHeader()).toBe(ORDER_CSV_HEADER.join(',') + '\r\n');
    expect(UTF8_BOM).toBe('\uFEFF');
    expect(
      orderCsvRecord({
        number: '1001007',
        placedAt: '2026-11-26T10:00:00.000Z',
        storefront: 'sv',
        customerName: '=cmd, "Evil"',
        email: 'a@b.se',
        state: 'paid',
        paymentMethod: 'card',
        shippingOption: null,
        totalMinor: 149_900,
        currency: 'SEK',
        lineCount: 2,
      }),
    ).toBe(`1001007,2026-11-26T10:00:00.000Z,sv,"'=cmd, ""Evil""",a@b.se,paid,card,,1499.00,SEK,2\r\n`);
  });
});
