/**
 * One cart line, in the mini cart and on the checkout alike (docs/product/cart.md#quantity-spinner): image,
 * name, price (src/lib/orders/lines-view.ts) with the prior price of an announced reduction, subscription, stock, the server's notices, the spinner and remove.
 * The two places differ only in their class names and test ids, and the checkout adds the line total.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { isLockedLine, type CartItem } from '#lib/cart/client-rules.ts';
import { cartLineRow } from '#lib/orders/lines-view.ts';
import { fill, PLACEHOLDER, productHref } from './format.ts';
import QuantitySpinner, { type SpinnerLabels } from './QuantitySpinner.tsx';

/** The strings of a line (built on the server: src/components/slots/island-strings.ts). */
export interface CartLineStrings extends SpinnerLabels {
  remove: string;
  adjusted: string;
  subscription: string;
  /** The label of the prior-price line (product.prior_price, docs/adr/0022-prior-price.md). */
  priorPrice: string;
  stock: Record<string, string>;
  /** cart_notice text key → text; a notice without a key is shown as sent. */
  notices: Record<string, string>;
}

interface Props {
  /** Where the line is: its class names (`minicart__…`, `checkout-line__…`) and test ids (`minicart-…`, `checkout-…`). */
  place: 'minicart' | 'checkout';
  item: CartItem;
  locale: LocaleCode;
  showVat: boolean;
  t: CartLineStrings;
  productPath: string;
  /** A new quantity for the line (0 removes it). */
  onQuantity: (uuid: string, quantity: number) => void;
}

export default function CartLine({ place, item, locale, showVat, t, productPath, onQuantity }: Props) {
  const mini = place === 'minicart';
  const part = mini ? 'minicart__' : 'checkout-line__';
  const row = cartLineRow(item, showVat, locale);
  const locked = isLockedLine(item);
  return (
    <li className={mini ? 'minicart__line' : 'checkout-line'} data-testid={`${place}-line`} data-sku={row.sku}>
      <img src={item.thumb?.url ?? PLACEHOLDER} alt="" width={64} height={64} loading="lazy" />
      <div className={`${part}info`}>
        <a href={productHref(productPath, item.slug)} className={`${part}name`}>
          {row.name}
        </a>
        {mini ? (
          <span className="minicart__price">
            <span data-testid="minicart-line-price">
              {row.quantity} × {row.unitPrice}
            </span>
            {row.priorPrice && <s className="price__ordinary">{row.priorPrice}</s>}
          </span>
        ) : (
          <span className="checkout-line__unit">
            <span data-testid="checkout-line-unit-price">{row.unitPrice}</span>
            {row.priorPrice && <s className="price__ordinary">{row.priorPrice}</s>}
          </span>
        )}
        {row.priorPrice && (
          <span className="price__prior" data-testid="prior-price">
            {t.priorPrice}: <span className="price__prior-amount">{row.priorPrice}</span>
          </span>
        )}
        {item.subscription_interval?.name && (
          <span className={`${part}sub`}>{fill(t.subscription, { name: item.subscription_interval.name })}</span>
        )}
        <span className={`${part}stock stock--${item.stock_status}`}>{t.stock[item.stock_status] ?? item.stock_status}</span>
        {item.cart_notice && (
          <p className="notice notice--warning" role="status" data-testid={mini ? 'minicart-notice' : undefined}>
            {t.notices[item.cart_notice] ?? item.cart_notice}
          </p>
        )}
        {item.adjusted_quantity != null && (
          <p className="notice notice--danger" role={mini ? 'alert' : undefined} data-testid={mini ? 'minicart-adjusted' : undefined}>
            {fill(t.adjusted, { quantity: item.adjusted_quantity })}
          </p>
        )}
        <div className={`${part}actions`}>
          <QuantitySpinner
            value={item.quantity}
            disabled={locked}
            labels={t}
            testId={`${place}-qty`}
            onCommit={(q) => onQuantity(item.uuid, q)}
          />
          {!locked && (
            <button type="button" className="linkish" data-testid={`${place}-remove`} onClick={() => onQuantity(item.uuid, 0)}>
              {t.remove}
            </button>
          )}
        </div>
      </div>
      {!mini && (
        <strong className="checkout-line__total" data-testid="checkout-line-total">
          {row.lineTotal}
        </strong>
      )}
    </li>
  );
}
