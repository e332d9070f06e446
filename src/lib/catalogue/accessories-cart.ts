/**
 * The accessories block in the browser (docs/product/accessories.md), pure: which panel a variant
 * shows and the cart lines an upsell bundle adds. The prices on these lines only bridge the time until the
 * server's sync answers with its own (bundle) prices.
 */
import type { CartProductInput } from '#lib/cart/product-input.ts';
import { itemFromProduct, type CartItem } from '#lib/cart/client-rules.ts';
import { bundleUnitPrice } from './accessories-bundles.ts';

export const ACCESSORIES_EXPERIMENT = 'accessories';

/** What the page hands the block's script for a bundle (the add button's data-bundle JSON). */
export interface BundleOffer {
  id: number;
  discount_percent: number;
  lines: { product: CartProductInput; quantity: number }[];
}

/** `upselling` shows the bundle when the product has one; anything else (and no bundle) shows the accessories. */
export function shownPanel(variant: string, hasBundle: boolean): 'original' | 'upselling' {
  return variant === 'upselling' && hasBundle ? 'upselling' : 'original';
}

/**
 * One cart line per bundle line, all carrying the bundle id and one fresh instance id (`unique_bundle_id`):
 * locked lines, never merged with others (docs/product/cart.md#line-item-fields), even with another instance.
 */
export function bundleCartItems(offer: BundleOffer, instanceId: string, uuid: () => string): CartItem[] {
  return offer.lines.map((l) => ({
    ...itemFromProduct(l.product, l.quantity, uuid()),
    upselling_bundle_id: offer.id,
    unique_bundle_id: instanceId,
    price: bundleUnitPrice(l.product.prices, l.quantity, offer.discount_percent),
  }));
}
