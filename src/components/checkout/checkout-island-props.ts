/** The checkout island's props (src/islands/checkout/checkout-props.ts), built on the server from the locale files and the route table. */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { STRINGS, translator } from '#lib/market/i18n.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { CheckoutProps } from '#islands/checkout/checkout-props.ts';
import { cartLineStrings } from '#components/slots/island-strings.ts';

export function checkoutIslandProps(locale: LocaleCode, id: string | null): CheckoutProps {
  const t = translator(locale);
  return {
    locale,
    id,
    t: STRINGS[locale].checkout,
    shared: cartLineStrings(t),
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
