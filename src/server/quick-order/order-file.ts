/**
 * An uploaded quick-order file as rows of cells (docs/product/quick-order.md): XLSX through read-excel-file (the
 * first sheet), CSV through papaparse (delimiter detected: comma, semicolon or tab, quotes honoured), plain text line
 * by line like a paste. A file that is none of these is a 400 naming the problem.
 */
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { cellsOfText } from '#lib/quick-order/order-lines.ts';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The commonest of semicolon, tab and comma outside quotes on the first line (Nordic spreadsheets write semicolons). */
function delimiterOf(text: string): string {
  const first = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (c: string) => first.split(c).length - 1;
  return [';', '\t', ','].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

export async function rowsOfFile(name: string, bytes: Buffer): Promise<string[][]> {
  if (/\.xlsx$/i.test(name)) {
    if (!ZIP.every((b, i) => bytes[i] === b)) throw new DomainError('invalid_request', 'the file is not an XLSX workbook', 'file');
    try {
      const rows = await readSheet(bytes, 1);
      return rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
    } catch {
      throw new DomainError('invalid_request', 'the XLSX workbook could not be read', 'file');
    }
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\0')) throw new DomainError('invalid_request', 'the file is not text', 'file');
  if (/\.csv$/i.test(name)) {
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: delimiterOf(text) });
    return parsed.data.map((r) => r.map((c) => String(c)));
  }
  return text.split(/\r?\n/).map(cellsOfText);
}
