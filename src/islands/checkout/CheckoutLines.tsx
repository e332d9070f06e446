/**
 * The lines of the checkout, with the mini cart's spinner rules (docs/product/cart.md#quantity-spinner).
 * A change goes into the cart store; use-checkout.ts posts the cart's lines to the checkout and the
 * cart then follows the server's answer.
 */
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import { isLockedLine, setQuantity } from '#lib/cart/client-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { cart, setCartItems } from '#stores/cart.ts';
import { fill, money, PLACEHOLDER, productHref } from '#islands/format.ts';
import QuantitySpinner from '#islands/QuantitySpinner.tsx';
import type { CheckoutStrings, SharedStrings } from './checkout-props.ts';

interface Props {
  locale: LocaleCode;
  items: CartLineItem[];
  exVat: boolean;
  t: CheckoutStrings;
  shared: SharedStrings;
  productPath: string;
}

const changeLine = (uuid: string, quantity: number) => setCartItems(setQuantity(cart.get().items, uuid, quantity));

function Line({ item, locale, exVat, shared, productPath }: { item: CartLineItem } & Omit<Props, 'items' | 't'>) {
  const locked = isLockedLine(item);
  return (
    <li className="checkout-line" data-testid="checkout-line" data-sku={item.sku}>
      <img src={item.thumb?.url ?? PLACEHOLDER} alt="" width={64} height={64} loading="lazy" />
      <div className="checkout-line__info">
        <a href={productHref(productPath, item.slug)} className="checkout-line__name">
          {item.name}
        </a>
        <span className="checkout-line__unit" data-testid="checkout-line-unit-price">
          {money(item.price, item.vat, !exVat, locale)}
        </span>
        {item.subscription_interval?.name && (
          <span className="checkout-line__sub">{fill(shared.subscription, { name: item.subscription_interval.name })}</span>
        )}
        <span className={`checkout-line__stock stock--${item.stock_status}`}>{shared.stock[item.stock_status] ?? item.stock_status}</span>
        {item.cart_notice && (
          <p className="notice notice--warning" role="status">
            {shared.notices[item.cart_notice] ?? item.cart_notice}
          </p>
        )}
        {item.adjusted_quantity != null && (
          <p className="notice notice--danger">{fill(shared.adjusted, { quantity: item.adjusted_quantity })}</p>
        )}
        <div className="checkout-line__actions">
          <QuantitySpinner
            value={item.quantity}
            disabled={locked}
            labels={shared}
            testId="checkout-qty"
            onCommit={(q) => changeLine(item.uuid, q)}
          />
          {!locked && (
            <button type="button" className="linkish" data-testid="checkout-remove" onClick={() => changeLine(item.uuid, 0)}>
              {shared.remove}
            </button>
          )}
        </div>
      </div>
      <strong className="checkout-line__total" data-testid="checkout-line-total">
        {money(item.price * item.quantity, item.vat, !exVat, locale)}
      </strong>
    </li>
  );
}

export default function CheckoutLines({ items, t, ...rest }: Props) {
  return (
    <section className="checkout__section" aria-labelledby="checkout-lines-heading">
      <h2 id="checkout-lines-heading">{t.lines_heading}</h2>
      <p className="checkout__vat-note" data-testid="checkout-vat-mode" data-vat={rest.exVat ? 'excl' : 'incl'}>
        {rest.exVat ? t.prices_excl_vat : t.prices_incl_vat}
      </p>
      <ul className="checkout-lines">
        {items
          .filter((i) => i.quantity > 0)
          .map((item) => (
            <Line key={item.uuid} item={item} {...rest} />
          ))}
      </ul>
    </section>
  );
}
