/**
 * The refund body (POST /v1/order/{id}/refund). A full refund needs only amount and currency; a
 * partial one must also carry tax_subtotals, which are taken from the order's own VAT split,
 * shared out in proportion to each rate's gross so the parts add up to the refunded amount exactly.
 */
import { allocate, formatMinorUnits, toMinorUnits, vatFromGrossMinor } from '#lib/pricing/minor-units.ts';
import type { TwoOrder } from './two-schemas.ts';

export function refundBody(order: TwoOrder, amountMinor: number, reference: string) {
  const base = {
    amount: formatMinorUnits(amountMinor),
    currency: order.currency,
    refund_reference: reference,
    reason: `Refund ${reference}`,
  };
  if (amountMinor === toMinorUnits(order.gross_amount)) return base;
  return { ...base, tax_subtotals: proportionalSubtotals(order, amountMinor) };
}

function proportionalSubtotals(order: TwoOrder, amountMinor: number) {
  const rates = (order.tax_subtotals ?? []).map((t) => ({
    rate: t.tax_rate,
    gross: toMinorUnits(t.taxable_amount) + toMinorUnits(t.tax_amount),
  }));
  if (rates.length === 0) return [];
  const shares = allocate(
    amountMinor,
    rates.map((r) => Math.max(0, r.gross)),
  );
  return rates.map((r, i) => {
    const gross = shares[i] ?? 0;
    const tax = vatFromGrossMinor(gross, Number(r.rate) * 100);
    return { tax_rate: r.rate, taxable_amount: formatMinorUnits(gross - tax), tax_amount: formatMinorUnits(tax) };
  });
}
