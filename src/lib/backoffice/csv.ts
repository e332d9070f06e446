/**
 * A CSV writer for the back office's exports (docs/product/back-office-data.md#csv-export): RFC 4180 (comma,
 * CRLF, fields quoted when they hold a comma, quote, CR or LF, quotes doubled), and cells a spreadsheet would run
 * as a formula (starting with = + - @, tab or CR) prefixed with an apostrophe (OWASP "CSV injection").
 */

/** Excel reads a file as UTF-8 only with this byte order mark first. */
export const UTF8_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: numbers as they are (a negative amount stays a number), text guarded and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return String(value);
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export const csvRow = (values: readonly CsvValue[]): string => values.map(csvCell).join(',') + '\r\n';

/**
 * An amount in minor units as a decimal string with exactly `decimals` places, by integer arithmetic
 * (no floating point): 123456 → "1234.56", -5 → "-0.05".
 */
export function minorToDecimal(minor: number, decimals = 2): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  if (decimals === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
