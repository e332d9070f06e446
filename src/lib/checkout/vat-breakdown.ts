/**
 * Order totals with a per-rate VAT breakdown, all in minor units.
 *
 * VAT is computed once per rate on the summed gross of that rate (not per line), and the totals are
 * the sums of the rows, so the rows always add up to the totals exactly.
 *
 * Shipping and fees are ancillary to the goods and take the goods' VAT rate; with several rates
 * they are split proportionally to the goods' gross per rate (the common Nordic/EU practice), using
 * `allocate` so the split adds up to the charge. Only when there are no goods with a non-zero gross
 * does a charge fall back to its own `vatRate`.
 */
import { allocate, vatFromGrossMinor, vatRateHundredths } from '../pricing/minor-units.ts';

export interface TaxedAmount {
  /** VAT-inclusive amount, after discounts. */
  grossMinor: number;
  /** VAT rate in percent, e.g. 25 or 25.5. */
  vatRate: number;
}

export interface VatBreakdownInput {
  lines: readonly TaxedAmount[];
  shipping?: TaxedAmount;
  fees?: readonly TaxedAmount[];
}

export interface VatRateRow {
  vatRate: number;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

export interface VatBreakdown {
  grossMinor: number;
  vatMinor: number;
  netMinor: number;
  /** One row per rate with a non-zero gross, highest rate first. */
  byRate: VatRateRow[];
}

export function vatBreakdown(input: VatBreakdownInput): VatBreakdown {
  // Keyed by hundredths of a percent so 25.5 and 25.50 are one rate.
  const grossByRate = new Map<number, number>();
  const add = (rate: number, gross: number) => grossByRate.set(rate, (grossByRate.get(rate) ?? 0) + gross);

  for (const line of input.lines) add(rateKey(line), grossOf(line));

  const charges = [...(input.shipping ? [input.shipping] : []), ...(input.fees ?? [])];
  const goodsRates = [...grossByRate.entries()].filter(([, gross]) => gross > 0).sort(([a], [b]) => b - a);
  if (goodsRates.length === 0) {
    for (const charge of charges) add(rateKey(charge), grossOf(charge));
  } else {
    const chargesGross = charges.reduce((sum, charge) => sum + grossOf(charge), 0);
    const parts = allocate(
      chargesGross,
      goodsRates.map(([, gross]) => gross),
    );
    goodsRates.forEach(([rate], i) => add(rate, parts[i]!));
  }

  const byRate = [...grossByRate.entries()]
    .filter(([, gross]) => gross > 0)
    .sort(([a], [b]) => b - a)
    .map(([key, gross]): VatRateRow => {
      const vatRate = key / 100;
      const vat = vatFromGrossMinor(gross, vatRate);
      return { vatRate, netMinor: gross - vat, vatMinor: vat, grossMinor: gross };
    });
  const sum = (pick: (row: VatRateRow) => number) => byRate.reduce((total, row) => total + pick(row), 0);
  return { grossMinor: sum((r) => r.grossMinor), vatMinor: sum((r) => r.vatMinor), netMinor: sum((r) => r.netMinor), byRate };
}

function rateKey(amount: TaxedAmount): number {
  return vatRateHundredths(amount.vatRate);
}

function grossOf(amount: TaxedAmount): number {
  if (!Number.isSafeInteger(amount.grossMinor) || amount.grossMinor < 0) {
    throw new RangeError(`Gross amounts must be non-negative integers of minor units: ${amount.grossMinor}`);
  }
  return amount.grossMinor;
}
