import { describe, expect, it } from 'vitest';
import { followCheckout, linesSignature } from '#lib/checkout/client-cart-link.ts';
import { lineInputs } from '#lib/cart/client-rules.ts';
import { EMPTY_CART } from '#lib/cart/client-state.ts';
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import { line } from '#tests/unit/fixtures/cart-items.ts';

describe('cart ⇄ checkout link', () => {
  it('signs lines by uuid, sku and quantity, ignoring order, prices and notice lines', () => {
    const a = [line('u1', 2), line('u2', 1)];
    expect(linesSignature(a)).toBe(linesSignature([a[1], { ...a[0], price: 1 }]));
    expect(linesSignature(a)).toBe(linesSignature([...a, line('u3', 0)]));
    expect(linesSignature(a)).not.toBe(linesSignature([line('u1', 3), line('u2', 1)]));
  });
  it('sends identity, quantity and relations, never prices', () => {
    const [input] = lineInputs([line('u1', 2, { added_by_coupon: 'FREE' })]);
    expect(input).toMatchObject({ uuid: 'u1', sku: 'SKU-7', product_id: 7, quantity: 2, added_by_coupon: 'FREE' });
    expect(input).not.toHaveProperty('price');
  });
  it('follows a checkout answer: id, lines (local fields kept by uuid) and choices', () => {
    const local = { ...EMPTY_CART, items: [line('u1', 1, { thumb: { url: '/t.png', width: 1, height: 1 } })] };
    const server = {
      ...line('u1', 3),
      thumb: null,
      cart_notice: null,
      adjusted_quantity: null,
      cross_selling_product_id: null,
    } as CheckoutView['items'][number];
    const view = {
      id: 'c1',
      items: [{ ...server, thumb: undefined as never }],
      customer: { postal_code: '12345' },
      shipping_processor: 'eel',
      shipping_option_id: 'home',
      service_point_id: null,
      payment_method: 'invoice',
    } as unknown as CheckoutView;
    const next = followCheckout(local, view);
    expect(next).toMatchObject({
      checkoutID: 'c1',
      postalCode: '12345',
      shippingProcessor: 'eel',
      shippingMethod: 'home',
      paymentMethod: 'invoice',
    });
    expect(next.items[0].quantity).toBe(3);
  });
});
