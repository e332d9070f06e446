/**
 * Which order lines can still be sent back, and whether a request fits (docs/product/returns.md#what-can-be-returned):
 * never more than delivered minus what earlier, not rejected returns already cover. Lines are addressed by
 * their index in the order (the same sku can be on two lines, e.g. one-off and subscribed) and carry the sku
 * as a check. Pure.
 */
export interface OrderLineRef {
  sku: string;
  name: string;
  quantity: number;
}

export interface ReturnLine {
  line: number;
  sku: string;
  quantity: number;
}

/** Per order line, the units that are not yet in a return (rejected returns give theirs back). */
export function returnableQuantities(lines: readonly OrderLineRef[], earlier: readonly ReturnLine[][]): number[] {
  const taken = lines.map(() => 0);
  for (const r of earlier) for (const l of r) if (taken[l.line] !== undefined) taken[l.line]! += l.quantity;
  return lines.map((l, i) => Math.max(0, l.quantity - taken[i]!));
}

export type ReturnLinesProblem =
  | { code: 'no_lines' }
  | { code: 'unknown_line'; line: number }
  | { code: 'duplicate_line'; line: number }
  | { code: 'too_many'; line: number; returnable: number };

/** The request's lines as accepted (zero quantities dropped), or the first problem. */
export function checkReturnLines(
  lines: readonly OrderLineRef[],
  earlier: readonly ReturnLine[][],
  requested: readonly ReturnLine[],
): { ok: true; lines: ReturnLine[] } | { ok: false; problem: ReturnLinesProblem } {
  const returnable = returnableQuantities(lines, earlier);
  const seen = new Set<number>();
  const accepted: ReturnLine[] = [];
  for (const r of requested) {
    const line = lines[r.line];
    if (!line || line.sku !== r.sku) return { ok: false, problem: { code: 'unknown_line', line: r.line } };
    if (seen.has(r.line)) return { ok: false, problem: { code: 'duplicate_line', line: r.line } };
    seen.add(r.line);
    if (r.quantity > returnable[r.line]!)
      return { ok: false, problem: { code: 'too_many', line: r.line, returnable: returnable[r.line]! } };
    if (r.quantity > 0) accepted.push({ line: r.line, sku: r.sku, quantity: r.quantity });
  }
  return accepted.length > 0 ? { ok: true, lines: accepted } : { ok: false, problem: { code: 'no_lines' } };
}

/** True when these returns together cover every unit of the order. */
export function coversWholeOrder(lines: readonly OrderLineRef[], returns: readonly ReturnLine[][]): boolean {
  return returnableQuantities(lines, returns).every((q) => q === 0);
}
