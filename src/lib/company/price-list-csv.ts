/**
 * A company's price list as a CSV file (docs/product/company-prices.md#back-office), pure: one line per SKU, the SKU and
 * the net price incl. VAT in the company storefront's currency, split at the first semicolon or tab (else the first
 * comma, so "WP-1,199,50" is WP-1 at 199.50). A first line whose price is no amount is a header and skipped; empty
 * lines are skipped; a SKU listed twice takes its last price. Every bad line is reported by its line number: the
 * import takes all lines or none.
 */
import { priceMinorOf, SKU_PATTERN } from './company-price-forms.ts';

/** A price list larger than this is refused as a whole (the back office imports it in one transaction). */
export const PRICE_LIST_MAX_LINES = 10_000;
export const PRICE_LIST_MAX_BYTES = 1_000_000;

export interface PriceListLine {
  sku: string;
  priceMinor: number;
}
export interface PriceListProblem {
  /** 1-based line number in the file. */
  line: number;
  reason: 'columns' | 'sku' | 'price';
}
export interface ParsedPriceList {
  lines: PriceListLine[];
  problems: PriceListProblem[];
  /** More lines than PRICE_LIST_MAX_LINES. */
  tooLong: boolean;
}

function split(text: string): [string, string] | null {
  const at = [text.indexOf(';'), text.indexOf('\t')].filter((i) => i >= 0);
  const cut = at.length ? Math.min(...at) : text.indexOf(',');
  if (cut < 0) return null;
  const unquote = (s: string) =>
    s
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
  return [unquote(text.slice(0, cut)), unquote(text.slice(cut + 1).replace(/[;\t]+$/, ''))];
}

export function parsePriceList(text: string): ParsedPriceList {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const bySku = new Map<string, number>();
  const problems: PriceListProblem[] = [];
  let seen = 0;
  rows.forEach((row, i) => {
    if (row.trim() === '') return;
    seen++;
    const cells = split(row);
    const price = cells ? priceMinorOf(cells[1]) : null;
    // a first line naming its columns ("sku;price") is a header
    if (seen === 1 && cells && price === null && /\p{L}/u.test(cells[1])) return;
    if (!cells) problems.push({ line: i + 1, reason: 'columns' });
    else if (cells[0].length > 64 || !SKU_PATTERN.test(cells[0])) problems.push({ line: i + 1, reason: 'sku' });
    else if (price === null) problems.push({ line: i + 1, reason: 'price' });
    else bySku.set(cells[0], price);
  });
  return {
    lines: [...bySku].map(([sku, priceMinor]) => ({ sku, priceMinor })),
    problems,
    tooLong: seen > PRICE_LIST_MAX_LINES,
  };
}
