/**
 * The rows of the checkout summary (docs/product/checkout.md), from the server's totals only.
 *
 * Incl. VAT: goods, discount, shipping, the total to pay, and the VAT it contains.
 * Ex VAT (a business buyer where the storefront allows it): goods, discount and shipping without VAT,
 * the sum without VAT, the VAT, and the total to pay. (The per-rate rows are the breakdown table's.) The server's breakdown is per rate, not
 * per row, so a row's ex-VAT figure is its share of the order's net/gross ratio: exact for a one-rate
 * order (shipping takes the goods' rate, src/lib/checkout/vat-breakdown.ts), a display approximation
 * for mixed rates. The net sum, the VAT rows and the total are the server's own numbers.
 */
import type { CheckoutTotals } from '#lib/api/checkout-contracts.ts';

export type TotalsRowKind = 'goods' | 'discount' | 'shipping' | 'net' | 'vat' | 'total' | 'vat_included';
export interface TotalsRow {
  kind: TotalsRowKind;
  minor: number;
}

export function totalsRows(t: CheckoutTotals, exVat: boolean): TotalsRow[] {
  const gross = t.vat_breakdown.reduce((sum, r) => sum + r.gross_minor, 0);
  const net = t.vat_breakdown.reduce((sum, r) => sum + r.net_minor, 0);
  const shown = (minor: number) => (exVat && gross > 0 ? Math.round((minor * net) / gross) : minor);
  const rows: TotalsRow[] = [{ kind: 'goods', minor: shown(t.goods_minor) }];
  if (t.discount_minor !== 0) rows.push({ kind: 'discount', minor: -Math.abs(shown(t.discount_minor)) });
  rows.push({ kind: 'shipping', minor: shown(t.shipping_minor) });
  if (!exVat) return [...rows, { kind: 'total', minor: t.total_minor }, { kind: 'vat_included', minor: t.vat_minor }];
  return [...rows, { kind: 'net', minor: net }, { kind: 'vat', minor: t.vat_minor }, { kind: 'total', minor: t.total_minor }];
}

/** Share of the free-shipping threshold reached, 0–1 (the progress bar). */
export function freeShippingProgress(t: Pick<CheckoutTotals, 'free_shipping_threshold_minor' | 'free_shipping_left_minor'>): number {
  if (t.free_shipping_threshold_minor <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - t.free_shipping_left_minor / t.free_shipping_threshold_minor));
}
