/**
 * The summary (docs/product/checkout.md#totals): the server's totals, incl. or ex VAT, and the VAT per rate
 * (src/lib/orders/totals-view.ts, rendered by the order pages' own TotalsTable), and how far the order is from
 * free shipping. The rows are a live region: a changed total is announced. Beside the heading, the loading
 * indicator of every step (docs/product/client-state.md#loading-states).
 */
import type { CheckoutTotals as Totals } from '#lib/api/checkout-contracts.ts';
import { freeShippingProgress } from '#lib/checkout/client-totals-rows.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { totalsView } from '#lib/orders/totals-view.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import TotalsTable from '#components/orders/TotalsTable.tsx';
import { fill } from '#islands/format.ts';
import LoadingIndicator from '#islands/LoadingIndicator.tsx';
import type { CheckoutStrings } from './checkout-props.ts';

interface Props {
  locale: LocaleCode;
  totals: Totals;
  exVat: boolean;
  busy: boolean;
  /** The steps' loading indicator: an update in flight or the order being placed. */
  loading: boolean;
  loadingText: string;
  t: CheckoutStrings['totals'];
}

export default function CheckoutTotals({ locale, totals, exVat, busy, loading, loadingText, t }: Props) {
  const left = totals.free_shipping_left_minor;
  return (
    <section className={`checkout-totals${busy ? ' is-busy' : ''}`} aria-labelledby="checkout-totals-heading" aria-busy={busy}>
      <div className="checkout-totals__head">
        <h2 id="checkout-totals-heading">{t.heading}</h2>
        <LoadingIndicator loading={loading} label={loadingText} testId="checkout-loading" />
      </div>
      <p className="checkout-totals__free" data-testid="checkout-free-shipping" data-left-minor={left}>
        {left > 0 ? fill(t.free_shipping_left, { amount: formatMinorPrice(left, locale) }) : t.free_shipping_reached}
        <progress max={100} value={Math.round(freeShippingProgress(totals) * 100)} aria-hidden="true" />
      </p>
      <TotalsTable view={totalsView(totals, exVat, locale, t)} scope="checkout" live />
    </section>
  );
}
