/** Strings the islands get as props (islands never load i18next). Server-side helper for the slots. */
import type { TFunction } from 'i18next';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';
import { CartNotice } from '#lib/cart/server-stock.ts';
import type { CartLineStrings } from '#islands/CartLine.tsx';

export function stockTexts(t: TFunction): Record<string, string> {
  // the mini cart has no delivery dates to fill in: on-order uses its date-less text
  const key = (s: string) => (s === 'on-order' ? 'stock.on-order-nodate' : `stock.${s}`);
  return Object.fromEntries(STOCK_STATUSES.map((s) => [s, t(key(s), { defaultValue: s.replace(/-/g, ' ') }) as string]));
}

/** A cart line's strings, the same in the mini cart and on the checkout (src/islands/CartLine.tsx). */
export function cartLineStrings(t: TFunction): CartLineStrings {
  return {
    quantity: t('islands.quantity'),
    decrease: t('islands.decrease'),
    increase: t('islands.increase'),
    remove: t('cart.remove'),
    adjusted: t('product.adjusted_quantity'),
    subscription: t('islands.subscription'),
    priorPrice: t('product.prior_price'),
    stock: stockTexts(t),
    // the server's line notices are text keys (src/lib/cart/server-stock.ts): translated here, once
    notices: Object.fromEntries(Object.values(CartNotice).map((key) => [key, t(key)])),
  };
}
