/** The checkout island's props (src/islands/checkout/checkout-props.ts), built on the server from the locale files and the route table. */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { STRINGS, translator } from '#lib/market/i18n.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { CartNotice } from '#lib/cart/server-stock.ts';
import type { CheckoutProps } from '#islands/checkout/checkout-props.ts';
import { stockTexts } from '#components/slots/island-strings.ts';

export function checkoutIslandProps(locale: LocaleCode, id: string | null): CheckoutProps {
  const t = translator(locale);
  return {
    locale,
    id,
    t: STRINGS[locale].checkout,
    shared: {
      quantity: t('islands.quantity'),
      decrease: t('islands.decrease'),
      increase: t('islands.increase'),
      remove: t('cart.remove'),
      adjusted: t('product.adjusted_quantity'),
      subscription: t('islands.subscription'),
      stock: stockTexts(t),
      notices: Object.fromEntries(Object.values(CartNotice).map((key) => [key, t(key)])),
    },
    paths: {
      checkout: pathFor('checkout-id', locale, { id: '__id__' }),
      confirmation: pathFor('checkout-confirmation-id', locale, { id: '__id__' }),
      product: pathFor('product', locale, { slug: '__slug__' }),
      home: pathFor('index', locale),
    },
    allowExVAT: LOCALES[locale].allowExVAT,
  };
}

/** JSON inside <script>: a "</script>" in a string must not close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
