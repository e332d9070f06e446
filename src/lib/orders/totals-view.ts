/**
 * The totals a shopper reads, formatted for the storefront (docs/product/checkout.md#totals): the summary
 * rows (client-totals-rows.ts: goods, discount, shipping, total and VAT, incl. or ex VAT) with their labels,
 * and the VAT per rate. The checkout summary (island) and the confirmation, invoice and order pages
 * (server-rendered) render them through one component, src/components/orders/TotalsTable.tsx.
 */
import type { CheckoutTotals } from '#lib/api/checkout-contracts.ts';
import { totalsRows, type TotalsRowKind } from '#lib/checkout/client-totals-rows.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';

/** The texts of the `checkout.totals` block of a locale file that the rows and the VAT table use. */
export type TotalsLabels = Record<TotalsRowKind | 'breakdown' | 'rate' | 'base' | 'vat_amount' | 'gross', string>;

export interface TotalsRowView {
  kind: TotalsRowKind;
  label: string;
  minor: number;
  amount: string;
}

export interface VatRowView {
  rate: number;
  /** The rate as the storefront writes it, with the percent sign: "25 %", "25,5 %". */
  rateLabel: string;
  net: string;
  vat: string;
  gross: string;
}

export interface VatTableView {
  caption: string;
  /** Column headings: rate, taxable amount, VAT, incl. VAT. */
  headings: [string, string, string, string];
  rows: VatRowView[];
}

export interface TotalsView {
  rows: TotalsRowView[];
  /** The VAT per rate; null when only a total is known. */
  vat: VatTableView | null;
}

export function totalsView(
  totals: CheckoutTotals,
  exVat: boolean,
  locale: LocaleCode,
  labels: TotalsLabels,
): TotalsView & { vat: VatTableView } {
  const money = (minor: number) => formatMinorPrice(minor, locale);
  const percent = new Intl.NumberFormat(LOCALES[locale].iso);
  return {
    rows: totalsRows(totals, exVat).map((r) => ({ kind: r.kind, label: labels[r.kind], minor: r.minor, amount: money(r.minor) })),
    vat: {
      caption: labels.breakdown,
      headings: [labels.rate, labels.base, labels.vat_amount, labels.gross],
      rows: totals.vat_breakdown.map((r) => ({
        rate: r.rate,
        rateLabel: `${percent.format(r.rate)} %`,
        net: money(r.net_minor),
        vat: money(r.vat_minor),
        gross: money(r.gross_minor),
      })),
    },
  };
}

/** An order without a checkout snapshot (seeded demo orders): its total, under the caller's label, and nothing else. */
export function totalOnlyView(totalMinor: number, label: string, locale: LocaleCode): TotalsView {
  return { rows: [{ kind: 'total', label, minor: totalMinor, amount: formatMinorPrice(totalMinor, locale) }], vat: null };
}
