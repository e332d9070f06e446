/**
 * The summary (docs/product/checkout.md#totals): the server's totals, incl. or ex VAT (client-totals-rows.ts),
 * the VAT per rate, and how far the order is from free shipping. The rows are a live region: a changed total is announced.
 */
import type { CheckoutTotals as Totals } from '#lib/api/checkout-contracts.ts';
import { freeShippingProgress, totalsRows, type TotalsRowKind } from '#lib/checkout/client-totals-rows.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { fill } from '#islands/format.ts';
import type { CheckoutStrings } from './checkout-props.ts';

interface Props {
  locale: LocaleCode;
  totals: Totals;
  exVat: boolean;
  busy: boolean;
  t: CheckoutStrings['totals'];
}

const percent = (rate: number, locale: LocaleCode) => new Intl.NumberFormat(LOCALES[locale].iso).format(rate);

export default function CheckoutTotals({ locale, totals, exVat, busy, t }: Props) {
  const money = (minor: number) => formatMinorPrice(minor, locale);
  const label: Record<TotalsRowKind, string> = {
    goods: t.goods,
    discount: t.discount,
    shipping: t.shipping,
    net: t.net,
    vat: t.vat,
    total: t.total,
    vat_included: t.vat_included,
  };
  const left = totals.free_shipping_left_minor;
  return (
    <section className={`checkout-totals${busy ? ' is-busy' : ''}`} aria-labelledby="checkout-totals-heading" aria-busy={busy}>
      <h2 id="checkout-totals-heading">{t.heading}</h2>
      <p className="checkout-totals__free" data-testid="checkout-free-shipping" data-left-minor={left}>
        {left > 0 ? fill(t.free_shipping_left, { amount: money(left) }) : t.free_shipping_reached}
        <progress max={100} value={Math.round(freeShippingProgress(totals) * 100)} aria-hidden="true" />
      </p>
      <dl className="checkout-totals__rows" aria-live="polite">
        {totalsRows(totals, exVat).map((row) => (
          <div key={row.kind} className={`checkout-totals__row checkout-totals__row--${row.kind}`}>
            <dt>{label[row.kind]}</dt>
            <dd
              data-testid={row.kind === 'total' ? 'checkout-total' : `checkout-totals-${row.kind.replace(/_/g, '-')}`}
              data-amount-minor={row.minor}
            >
              {money(row.minor)}
            </dd>
          </div>
        ))}
      </dl>
      <table className="checkout-totals__vat" data-testid="checkout-vat-breakdown">
        <caption>{t.breakdown}</caption>
        <thead>
          <tr>
            <th scope="col">{t.rate}</th>
            <th scope="col">{t.base}</th>
            <th scope="col">{t.vat_amount}</th>
            <th scope="col">{t.gross}</th>
          </tr>
        </thead>
        <tbody>
          {totals.vat_breakdown.map((r) => (
            <tr key={r.rate} data-rate={r.rate}>
              <th scope="row">{percent(r.rate, locale)} %</th>
              <td>{money(r.net_minor)}</td>
              <td>{money(r.vat_minor)}</td>
              <td>{money(r.gross_minor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
