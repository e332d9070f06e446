/**
 * The lines of the checkout, the mini cart's own line component with its spinner rules (docs/product/cart.md#quantity-spinner).
 * A change goes into the cart store; use-checkout.ts posts the cart's lines to the checkout and the
 * cart then follows the server's answer.
 */
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import { setQuantity } from '#lib/cart/client-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { cart, setCartItems } from '#stores/cart.ts';
import CartLine from '#islands/CartLine.tsx';
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

export default function CheckoutLines({ locale, items, exVat, t, shared, productPath }: Props) {
  return (
    <section className="checkout__section" aria-labelledby="checkout-lines-heading">
      <h2 id="checkout-lines-heading">{t.lines_heading}</h2>
      <p className="checkout__vat-note" data-testid="checkout-vat-mode" data-vat={exVat ? 'excl' : 'incl'}>
        {exVat ? t.prices_excl_vat : t.prices_incl_vat}
      </p>
      <ul className="checkout-lines">
        {items
          .filter((i) => i.quantity > 0)
          .map((item) => (
            <CartLine
              key={item.uuid}
              place="checkout"
              item={item}
              locale={locale}
              showVat={!exVat}
              t={shared}
              productPath={productPath}
              onQuantity={changeLine}
            />
          ))}
      </ul>
    </section>
  );
}
