/**
 * Quick order lines (docs/product/quick-order.md): what a business buyer pastes or uploads — one part per row, a
 * number (sku, OEM or cross-reference; it may hold spaces, "4812 360 58") and a quantity. Rows from a spreadsheet
 * arrive as cells; pasted text is split on a tab, semicolon or comma when the row has one, else the last
 * whitespace-separated word is the quantity when it is a whole number (a lone number orders one). "4812 360 58" is
 * ambiguous that way: such a line keeps the whole text as `whole`, which the server tries first as one number (one
 * piece). A header row ("SKU;Antal") and blank rows are skipped. Pure.
 */
export const QUICK_ORDER_MAX_LINES = 1000;
export const QUICK_ORDER_MAX_QUANTITY = 5000;

export interface OrderLine {
  /** 1-based row in what the buyer gave (a header counts), so a problem can name it. */
  row: number;
  number: string;
  quantity: number;
  /** The whole row as one number ordering one, when the last word was taken as the quantity without a separator. */
  whole?: string;
}

export interface LineProblem {
  row: number;
  text: string;
  reason: 'quantity' | 'number';
}

export interface ParsedLines {
  lines: OrderLine[];
  problems: LineProblem[];
  /** More rows than QUICK_ORDER_MAX_LINES: the rest were not read. */
  truncated: boolean;
}

const HEADER = /^(sku|art(ikel)?(nr|nummer)?|item|part|varenr|varenummer|tuotenumero|tuote|artikelnummer|number|nummer|numero|oem|nr)\b/i;
const QUANTITY = /^\d{1,7}$/;

/** One row as cells: the number, the quantity as written (may be missing), and for a guessed split the whole row. */
export function cellsOfText(row: string): string[] {
  const trimmed = row.trim();
  for (const sep of ['\t', ';', ',']) if (trimmed.includes(sep)) return trimmed.split(sep).map((c) => c.trim());
  const words = trimmed.split(/\s+/);
  if (words.length > 1 && QUANTITY.test(words[words.length - 1]!)) return [words.slice(0, -1).join(' '), words[words.length - 1]!, trimmed];
  return [trimmed];
}

/** Rows of cells (from text or a spreadsheet) → order lines; the same number twice is one line with both quantities. */
export function orderLines(rows: readonly (readonly string[])[]): ParsedLines {
  const lines: OrderLine[] = [];
  const problems: LineProblem[] = [];
  const byNumber = new Map<string, OrderLine>();
  const limit = Math.min(rows.length, QUICK_ORDER_MAX_LINES);
  for (let i = 0; i < limit; i++) {
    const cells = rows[i]!.map((c) => String(c ?? '').trim());
    const number = cells[0] ?? '';
    const qtyText = (cells[1] ?? '').replace(/\s/g, '');
    if (cells.every((c) => c === '')) continue;
    if (i === 0 && HEADER.test(number) && !QUANTITY.test(qtyText)) continue;
    const text = cells[2] ?? cells.filter(Boolean).join(' ');
    if (number === '' || number.length > 64) {
      problems.push({ row: i + 1, text, reason: 'number' });
      continue;
    }
    const quantity = qtyText === '' ? 1 : QUANTITY.test(qtyText) ? Number(qtyText) : NaN;
    if (!(quantity >= 1 && quantity <= QUICK_ORDER_MAX_QUANTITY)) {
      problems.push({ row: i + 1, text, reason: 'quantity' });
      continue;
    }
    const key = number.toUpperCase().replace(/[\s.\-/]/g, '');
    const same = byNumber.get(key);
    if (same) same.quantity = Math.min(QUICK_ORDER_MAX_QUANTITY, same.quantity + quantity);
    else {
      const line: OrderLine = { row: i + 1, number, quantity, ...(cells[2] ? { whole: cells[2] } : {}) };
      byNumber.set(key, line);
      lines.push(line);
    }
  }
  return { lines, problems, truncated: rows.length > QUICK_ORDER_MAX_LINES };
}

/** Pasted text → order lines. */
export const orderLinesOfText = (text: string): ParsedLines => orderLines(text.split(/\r?\n/).map(cellsOfText));
