import { describe, expect, it } from 'vitest';
import {
  addPaymentInfo,
  addShippingInfo,
  beginCheckout,
  cartChanges,
  cartEvents,
  itemOfLine,
  itemsValue,
  majorToMinor,
  minorToMajor,
  purchase,
  viewItem,
  viewItemList,
} from '#lib/tracking/ga4-events.ts';
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';

const line = (sku: string, price: number, quantity: number, name = `Part ${sku}`) => ({ sku, name, price, quantity });

describe('money', () => {
  it('converts minor units to major exactly', () => {
    expect(minorToMajor(19_999)).toBe(199.99);
    expect(minorToMajor(1)).toBe(0.01);
    expect(minorToMajor(0)).toBe(0);
    expect(minorToMajor(-250)).toBe(-2.5);
    expect(String(minorToMajor(123_456_789))).toBe('1234567.89');
  });
  it('refuses a fraction of a minor unit', () => {
    expect(() => minorToMajor(1.5)).toThrow(RangeError);
  });
  it('sums in minor units: no binary-fraction drift', () => {
    expect(majorToMinor(0.1) + majorToMinor(0.2)).toBe(30);
    expect(
      itemsValue([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
    expect(itemsValue([{ price: 19.99, quantity: 3 }])).toBe(59.97);
  });
});

describe('items and product events', () => {
  it('a cart line becomes a GA4 item with brand and up to five category levels', () => {
    expect(itemOfLine(line('A-1', 249.5, 2), 2, { brand: 'Bosch', categories: ['Garden', 'Mowers', 'Blades'] })).toEqual({
      item_id: 'A-1',
      item_name: 'Part A-1',
      price: 249.5,
      quantity: 2,
      item_brand: 'Bosch',
      item_category: 'Garden',
      item_category2: 'Mowers',
      item_category3: 'Blades',
    });
    const deep = itemOfLine(line('B', 1, 1), 1, { categories: ['1', '2', '3', '4', '5', '6'] });
    expect(deep.item_category5).toBe('5');
    expect(Object.keys(deep)).not.toContain('item_category6');
    expect(itemOfLine(line('C', 1, 1), 1, { brand: null })).not.toHaveProperty('item_brand');
  });
  it('view_item: quantity 1, value = price', () => {
    expect(viewItem('SEK', { item_id: 'A', item_name: 'A', price: 99.9, quantity: 7 })).toEqual({
      event: 'view_item',
      ecommerce: { currency: 'SEK', value: 99.9, items: [{ item_id: 'A', item_name: 'A', price: 99.9, quantity: 1 }] },
    });
  });
  it('view_item_list: page order as index, the list on every item, no value', () => {
    const e = viewItemList('EUR', '/c/x', 'X', [
      { item_id: 'A', item_name: 'A', price: 1, quantity: 1 },
      { item_id: 'B', item_name: 'B', price: 2, quantity: 1 },
    ]);
    expect(e.event).toBe('view_item_list');
    expect(e.ecommerce).toEqual({
      currency: 'EUR',
      item_list_id: '/c/x',
      item_list_name: 'X',
      items: [
        { item_id: 'A', item_name: 'A', price: 1, quantity: 1, index: 0, item_list_id: '/c/x', item_list_name: 'X' },
        { item_id: 'B', item_name: 'B', price: 2, quantity: 1, index: 1, item_list_id: '/c/x', item_list_name: 'X' },
      ],
    });
  });
});

describe('cart changes', () => {
  it('compares quantities per sku: added, reduced, removed, merged lines', () => {
    const before = [line('A', 10, 1), line('B', 20, 3), line('C', 5, 2)];
    const after = [line('A', 9.5, 2), line('A', 9.5, 1), line('B', 20, 1), line('D', 1, 0)];
    expect(cartChanges(before, after)).toEqual([
      { line: line('A', 9.5, 2), delta: 2 },
      { line: line('B', 20, 1), delta: -2 },
      { line: line('C', 5, 2), delta: -2 },
    ]);
    expect(cartChanges(before, before)).toEqual([]);
  });
  it('one add_to_cart and one remove_from_cart, priced from the answer', () => {
    const events = cartEvents('NOK', cartChanges([line('A', 10, 1), line('B', 20, 3)], [line('A', 9.5, 3), line('B', 20, 1)]), (sku) =>
      sku === 'A' ? { brand: 'Acme' } : undefined,
    );
    expect(events).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'NOK',
          value: 19,
          items: [{ item_id: 'A', item_name: 'Part A', price: 9.5, quantity: 2, item_brand: 'Acme' }],
        },
      },
      {
        event: 'remove_from_cart',
        ecommerce: { currency: 'NOK', value: 40, items: [{ item_id: 'B', item_name: 'Part B', price: 20, quantity: 2 }] },
      },
    ]);
    expect(cartEvents('SEK', [])).toEqual([]);
  });
});

const view = (over: Partial<CheckoutView> = {}): CheckoutView =>
  ({
    id: 'c1',
    locale: 'sv',
    status: 'open',
    items: [
      { ...line('A', 199, 2), uuid: 'u1' },
      { ...line('X', 0, 0), uuid: 'u2' },
    ],
    coupons: [{ code: 'SPRING' }],
    customer: {},
    problems: [],
    shipping_processor: 'eel',
    shipping_options: [{ id: 's1', carrier: 'PostNord', name: 'Ombud', price_minor: 4900 }],
    shipping_option_id: null,
    service_points: [],
    service_point_id: null,
    payment_methods: [{ id: 'klarna', name: 'Klarna', provider: 'klarna', customer_types: ['consumer'] }],
    payment_method: null,
    totals: {
      currency: 'SEK',
      goods_minor: 39_800,
      discount_minor: 3_980,
      shipping_minor: 4_900,
      total_minor: 40_720,
      vat_minor: 8_144,
      vat_breakdown: [],
      free_shipping_threshold_minor: 0,
      free_shipping_left_minor: 0,
    },
    prices_ex_vat: false,
    order_number: null,
    ...over,
  }) as unknown as CheckoutView;

describe('checkout events', () => {
  it('begin_checkout: lines with a quantity, value = goods less discount, coupons', () => {
    expect(beginCheckout(view())).toEqual({
      event: 'begin_checkout',
      ecommerce: {
        currency: 'SEK',
        value: 358.2,
        coupon: 'SPRING',
        items: [{ item_id: 'A', item_name: 'Part A', price: 199, quantity: 2 }],
      },
    });
  });
  it('add_shipping_info and add_payment_info name the chosen option and method, or are absent', () => {
    expect(addShippingInfo(view())).toBeUndefined();
    expect(addPaymentInfo(view())).toBeUndefined();
    expect(addShippingInfo(view({ shipping_option_id: 's1' }))?.ecommerce.shipping_tier).toBe('PostNord Ombud');
    const pay = addPaymentInfo(view({ payment_method: 'klarna' }));
    expect(pay?.event).toBe('add_payment_info');
    expect(pay?.ecommerce.payment_type).toBe('Klarna');
    expect(pay?.ecommerce.value).toBe(358.2);
  });
});

describe('purchase', () => {
  it('transaction id, value, tax, shipping, currency and items from minor units', () => {
    expect(
      purchase({
        order_number: '100042',
        currency: 'EUR',
        total_minor: 12_345,
        vat_minor: 2_469,
        shipping_minor: 595,
        items: [
          { sku: 'A', name: 'Filter', quantity: 3, unit_price_minor: 1_999, brand: 'Acme', categories: ['Car', 'Filters'] },
          { sku: 'B', name: 'Belt', quantity: 1, unit_price_minor: 5_753 },
        ],
      }),
    ).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: '100042',
        currency: 'EUR',
        value: 123.45,
        tax: 24.69,
        shipping: 5.95,
        items: [
          {
            item_id: 'A',
            item_name: 'Filter',
            price: 19.99,
            quantity: 3,
            item_brand: 'Acme',
            item_category: 'Car',
            item_category2: 'Filters',
          },
          { item_id: 'B', item_name: 'Belt', price: 57.53, quantity: 1 },
        ],
      },
    });
  });
});
