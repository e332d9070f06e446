/**
 * The lines a payment provider is told about (docs/adr/0007-checkout-orders-and-money.md#money): one per
 * goods line and one shipping line per goods VAT rate (shipping takes the goods' rates in proportion, as in
 * vatBreakdown). Each line's VAT is its own gross × rate, nudged by at most one minor unit so the lines of
 * a rate add up to that rate's VAT row: lines, checkout totals and provider then agree to the öre.
 */
import { allocate, vatFromGrossMinor, vatRateHundredths } from '#lib/pricing/minor-units.ts';
import type { VatRateRow } from './vat-breakdown.ts';

export interface PaymentLineDraft {
  reference: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
  vatRate: number;
  vatMinor: number;
}

export interface PaymentLinesInput {
  goods: readonly { sku: string; name: string; quantity: number; totalMinor: number; vatRate: number }[];
  shipping: { name: string; grossMinor: number; vatRate: number } | null;
  byRate: readonly Pick<VatRateRow, 'vatRate' | 'vatMinor' | 'grossMinor'>[];
}

type Draft = Omit<PaymentLineDraft, 'vatMinor'>;

function shippingLines(input: PaymentLinesInput): Draft[] {
  const s = input.shipping;
  if (!s || s.grossMinor === 0) return [];
  const goodsByRate = new Map<number, { vatRate: number; gross: number }>();
  for (const g of input.goods) {
    const key = vatRateHundredths(g.vatRate);
    goodsByRate.set(key, { vatRate: g.vatRate, gross: (goodsByRate.get(key)?.gross ?? 0) + g.totalMinor });
  }
  const rates = [...goodsByRate.entries()]
    .filter(([, r]) => r.gross > 0)
    .sort(([a], [b]) => b - a)
    .map(([, r]) => r);
  if (rates.length === 0)
    return [
      { reference: 'shipping', name: s.name, quantity: 1, unitPriceMinor: s.grossMinor, totalMinor: s.grossMinor, vatRate: s.vatRate },
    ];
  const parts = allocate(
    s.grossMinor,
    rates.map((r) => r.gross),
  );
  return rates
    .map((r, i) => ({
      reference: 'shipping',
      name: s.name,
      quantity: 1,
      unitPriceMinor: parts[i]!,
      totalMinor: parts[i]!,
      vatRate: r.vatRate,
    }))
    .filter((l) => l.totalMinor > 0);
}

export function paymentLines(input: PaymentLinesInput): PaymentLineDraft[] {
  const drafts: Draft[] = [
    ...input.goods.map((g) => ({
      reference: g.sku,
      name: g.name,
      quantity: g.quantity,
      unitPriceMinor: g.quantity > 0 ? g.totalMinor / g.quantity : 0,
      totalMinor: g.totalMinor,
      vatRate: g.vatRate,
    })),
    ...shippingLines(input),
  ];
  const lines = drafts.map((d) => ({ ...d, vatMinor: vatFromGrossMinor(d.totalMinor, d.vatRate) }));
  for (const row of input.byRate) {
    const key = vatRateHundredths(row.vatRate);
    const ofRate = lines.filter((l) => vatRateHundredths(l.vatRate) === key).sort((a, b) => b.totalMinor - a.totalMinor);
    let left = row.vatMinor - ofRate.reduce((sum, l) => sum + l.vatMinor, 0);
    for (const line of ofRate) {
      if (left === 0) break;
      line.vatMinor += Math.sign(left);
      left -= Math.sign(left);
    }
    if (left !== 0) throw new RangeError(`payment lines: VAT at ${row.vatRate} % cannot be split over its lines`);
  }
  return lines;
}
