/**
 * Add-to-cart button (product page and cards). Fast add-to-cart: a product with variations goes to
 * its page instead (SPEC §4). On the product page it also records the product as recently viewed.
 */
import { useEffect } from 'react';
import type { CartProductInput } from '../lib/cart-product.ts';
import { needsProductPage } from '../lib/cart-rules.ts';
import { addToCart } from '../stores/cart.ts';
import { viewed } from '../stores/history.ts';
import { useMounted } from './use-mounted.ts';

interface Props { product: CartProductInput; variant: 'page' | 'card'; label: string; chooseLabel: string }

export default function AddToCart({ product, variant, label, chooseLabel }: Props) {
  const mounted = useMounted();
  const toPage = variant === 'card' && needsProductPage(product);
  useEffect(() => {
    if (variant === 'page') viewed({ sku: product.sku, name: product.name, url: product.url, thumb: product.thumb, images: { thumb: product.thumb } });
  }, []);
  if (toPage && variant === 'card') return <a className="button add-to-cart" href={product.url} data-testid="add-to-cart">{chooseLabel}</a>;
  return (
    <button
      type="button" className="button add-to-cart" data-testid="add-to-cart" data-sku={product.sku}
      disabled={!mounted || !product.orderable}
      onClick={() => addToCart(product, 1, true)}
    >
      {label}
    </button>
  );
}
