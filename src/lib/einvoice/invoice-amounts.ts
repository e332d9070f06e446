/**
 * An order's amounts as EN 16931 states them (docs/adr/0033-e-invoices.md): net line amounts, the shipping as a
 * document-level charge per VAT rate, one VAT breakdown per rate and the document totals, all in integer minor
 * units. The order keeps VAT-inclusive amounts and its VAT per rate (src/lib/checkout/vat-breakdown.ts); EN 16931
 * is net-based. Each rate's taxable amount and VAT are taken from the order as they are (so the invoice's total is
 * the order's to the unit), each line's net is its gross less its VAT, and what rounding leaves between the two lands
 * on the rate's shipping charge, or on its last line when no shipping was charged at that rate. Pure.
 */
import { netFromGrossMinor, vatRateHundredths } from '#lib/pricing/minor-units.ts';

export interface GrossLine {
  quantity: number;
  /** What the line costs, VAT included, after discounts. */
  totalMinor: number;
  vatRate: number;
}

export interface RateRow {
  rate: number;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

export interface NetLine {
  netMinor: number;
  vatRate: number;
  /** The item's net price and the quantity it is the price of (1, or the line's quantity when no exact unit price exists). */
  price: { amount: string; baseQuantity: number };
}

export interface InvoiceAmounts {
  lines: NetLine[];
  /** The shipping's net part at each rate (positive amounts only). */
  charges: { vatRate: number; netMinor: number }[];
  /** One row per rate: taxable amount and VAT, highest rate first (as the order has them). */
  taxes: { vatRate: number; taxableMinor: number; vatMinor: number }[];
  lineExtensionMinor: number;
  chargeTotalMinor: number;
  taxExclusiveMinor: number;
  vatMinor: number;
  taxInclusiveMinor: number;
  payableMinor: number;
}

const key = (rate: number) => vatRateHundredths(rate);

/** 12345 → "123.45" (every currency sold in has two decimals). */
export const decimal = (minor: number, decimals = 2): string => {
  const abs = Math.abs(minor);
  const unit = 10 ** decimals;
  const text = `${Math.trunc(abs / unit)}.${String(abs % unit).padStart(decimals, '0')}`;
  return minor < 0 ? `-${text}` : text;
};

/** The unit net price when it is exact in at most four decimals; else the line's net as the price of its quantity. */
export function linePrice(netMinor: number, quantity: number): NetLine['price'] {
  for (let decimals = 2; decimals <= 4; decimals++) {
    const scaled = netMinor * 10 ** (decimals - 2);
    if (scaled % quantity === 0) return { amount: decimal(scaled / quantity, decimals), baseQuantity: 1 };
  }
  return { amount: decimal(netMinor), baseQuantity: quantity };
}

export function invoiceAmounts(lines: readonly GrossLine[], rates: readonly RateRow[]): InvoiceAmounts {
  if (lines.length === 0) throw new RangeError('An invoice needs at least one line');
  const nets = lines.map((l) => netFromGrossMinor(l.totalMinor, l.vatRate));
  const charges: InvoiceAmounts['charges'] = [];
  for (const row of rates) {
    const k = key(row.rate);
    const indexes = lines.flatMap((l, i) => (key(l.vatRate) === k ? [i] : []));
    const linesGross = indexes.reduce((s, i) => s + lines[i]!.totalMinor, 0);
    const linesNet = indexes.reduce((s, i) => s + nets[i]!, 0);
    const residual = row.netMinor - linesNet;
    if (row.grossMinor > linesGross && residual > 0) charges.push({ vatRate: row.rate, netMinor: residual });
    else if (residual !== 0) {
      if (indexes.length === 0) throw new RangeError(`No line carries the VAT rate ${row.rate}`);
      nets[indexes[indexes.length - 1]!]! += residual;
    }
  }
  const rowKeys = new Set(rates.map((r) => key(r.rate)));
  const stray = lines.find((l) => l.totalMinor !== 0 && !rowKeys.has(key(l.vatRate)));
  if (stray) throw new RangeError(`The order's VAT breakdown has no row for the rate ${stray.vatRate}`);

  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const lineExtensionMinor = sum(nets);
  const chargeTotalMinor = sum(charges.map((c) => c.netMinor));
  const vatMinor = sum(rates.map((r) => r.vatMinor));
  const taxExclusiveMinor = lineExtensionMinor + chargeTotalMinor;
  return {
    lines: lines.map((l, i) => ({ netMinor: nets[i]!, vatRate: l.vatRate, price: linePrice(nets[i]!, l.quantity) })),
    charges,
    taxes: rates.map((r) => ({ vatRate: r.rate, taxableMinor: r.netMinor, vatMinor: r.vatMinor })),
    lineExtensionMinor,
    chargeTotalMinor,
    taxExclusiveMinor,
    vatMinor,
    taxInclusiveMinor: taxExclusiveMinor + vatMinor,
    payableMinor: taxExclusiveMinor + vatMinor,
  };
}
