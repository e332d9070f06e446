/**
 * The totals rows and the VAT per rate (docs/product/checkout.md#totals) from src/lib/orders/totals-view.ts.
 * One component for both sides: the checkout summary island renders it in the browser, and Astro renders it
 * on the server without a client directive (no JS) for the confirmation, invoice and order pages.
 */
import type { TotalsView } from '#lib/orders/totals-view.ts';

interface Props {
  view: TotalsView;
  /** The test ids' prefix: `checkout` on the checkout page, `order` on a placed order's pages. */
  scope: 'checkout' | 'order';
  /** The rows are a live region (the checkout: a changed total is announced). */
  live?: boolean;
}

export default function TotalsTable({ view, scope, live = false }: Props) {
  const testId = (kind: string) => (kind === 'total' ? `${scope}-total` : `${scope}-totals-${kind.replace(/_/g, '-')}`);
  return (
    <>
      <dl className="checkout-totals__rows" aria-live={live ? 'polite' : undefined}>
        {view.rows.map((row) => (
          <div key={row.kind} className={`checkout-totals__row checkout-totals__row--${row.kind}`}>
            <dt>{row.label}</dt>
            <dd data-testid={testId(row.kind)} data-amount-minor={row.minor}>
              {row.amount}
            </dd>
          </div>
        ))}
      </dl>
      {view.vat && (
        <table className="checkout-totals__vat" data-testid={`${scope}-vat-breakdown`}>
          <caption>{view.vat.caption}</caption>
          <thead>
            <tr>
              {view.vat.headings.map((h, i) => (
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.vat.rows.map((r) => (
              <tr key={r.rate} data-rate={r.rate}>
                <th scope="row">{r.rateLabel}</th>
                <td>{r.net}</td>
                <td>{r.vat}</td>
                <td>{r.gross}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
