/**
 * What a credit note credits (docs/product/e-invoices.md#credit-notes): a cancelled order its whole invoice; a refunded
 * return its returned units at what the return refunded — the refund's goods amount shared over the returned lines in
 * proportion to their share of the invoice lines (largest remainder, so the lines add up to the refund exactly), its
 * delivery refund as the shipping charge. VAT per rate as the order computes it (vat-breakdown.ts). Pure.
 */
import { allocate } from '#lib/pricing/minor-units.ts';
import { vatBreakdown } from '#lib/checkout/vat-breakdown.ts';
import type { RateRow } from './invoice-amounts.ts';
import type { EInvoiceLine } from './ubl-invoice.ts';

export interface CreditedReturn {
  lines: readonly { line: number; quantity: number }[];
  goodsMinor: number;
  shippingMinor: number;
}

export interface CreditNoteContent {
  lines: readonly EInvoiceLine[];
  rates: readonly RateRow[];
}

/** The credit of a refunded return against the invoice's lines (gross, VAT included). */
export function returnCredit(invoiceLines: readonly EInvoiceLine[], credited: CreditedReturn): CreditNoteContent {
  const returned = credited.lines.filter((l) => l.quantity > 0 && invoiceLines[l.line]);
  if (returned.length === 0) throw new RangeError('a credit note needs at least one returned line');
  const weights = returned.map((l) => {
    const line = invoiceLines[l.line]!;
    return Math.round((line.totalMinor * l.quantity) / line.quantity);
  });
  const shares = allocate(credited.goodsMinor, weights);
  const lines = returned.map((l, i) => ({ ...invoiceLines[l.line]!, quantity: l.quantity, totalMinor: shares[i]! }));
  const topRate = Math.max(...lines.map((l) => l.vatRate));
  const breakdown = vatBreakdown({
    lines: lines.map((l) => ({ grossMinor: l.totalMinor, vatRate: l.vatRate })),
    shipping: credited.shippingMinor > 0 ? { grossMinor: credited.shippingMinor, vatRate: topRate } : undefined,
  });
  return {
    lines,
    rates: breakdown.byRate.map((r) => ({ rate: r.vatRate, netMinor: r.netMinor, vatMinor: r.vatMinor, grossMinor: r.grossMinor })),
  };
}
