import { describe, expect, it } from 'vitest';
import { clearCheckout, completedCheckout, EMPTY_CART, reviveCart, showCheckoutButton } from '#lib/cart/client-state.ts';
import { line } from '#tests/unit/fixtures/cart-items.ts';

describe('cart rules', () => {
  it('clears checkout state and revives broken storage', () => {
    const s = clearCheckout({
      ...EMPTY_CART,
      checkoutID: 'c1',
      paymentMethod: 'klarna',
      servicePoint: 'sp',
      shippingMethod: 'x',
      campaignData: { utm_source: 'a' },
      sessions: { card: { id: '1', locale: 'sv' } },
      items: [line('u1')],
    });
    expect(s).toMatchObject({
      checkoutID: null,
      paymentMethod: null,
      servicePoint: null,
      shippingMethod: null,
      campaignData: null,
      sessions: {},
    });
    expect(s.items).toHaveLength(1);
    expect(reviveCart('garbage')).toEqual(EMPTY_CART);
    expect(reviveCart({ items: [] }).vat).toBe(true);
  });
  it('hides the checkout button on checkout and for an empty cart', () => {
    expect(showCheckoutButton('index', 2)).toBe(true);
    expect(showCheckoutButton('checkout-id', 2)).toBe(false);
    expect(showCheckoutButton('index', 0)).toBe(false);
    expect(showCheckoutButton(undefined, 1)).toBe(true);
  });
});

describe('completed checkout', () => {
  it('empties the lines and clears the checkout, keeping VAT flag and postal code', () => {
    const s = completedCheckout({
      ...EMPTY_CART,
      vat: false,
      postalCode: '12345',
      checkoutID: 'c1',
      paymentMethod: 'invoice',
      items: [line('u1')],
    });
    expect(s).toMatchObject({ items: [], checkoutID: null, paymentMethod: null, vat: false, postalCode: '12345' });
  });
});
