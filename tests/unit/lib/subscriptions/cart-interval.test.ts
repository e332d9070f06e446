import { describe, expect, it } from 'vitest';
import { resolveInterval, sameInterval } from '#lib/subscriptions/cart-interval.ts';
import { intervalLabel } from '#lib/subscriptions/interval-label.ts';
import { priceCart, type CartProductFacts } from '#lib/cart/server-price-cart.ts';
import { CartNotice } from '#lib/cart/server-stock.ts';
import { addItem, type CartItem } from '#lib/cart/client-rules.ts';

const sv = (m: number) => intervalLabel('sv', m);

describe('subscription interval of a cart line', () => {
  it('names intervals in the storefront language', () => {
    expect(intervalLabel('sv', 3)).toBe('Var 3:e månad');
    expect(intervalLabel('sv', 2)).toBe('Varannan månad');
    expect(intervalLabel('sv', 1)).toBe('Varje månad');
    expect(intervalLabel('nl', 6)).toBe('Elke 6 maanden');
    expect(intervalLabel('fi', 12)).toBe('12 kuukauden välein');
  });

  it('accepts an offered interval by months and answers the server name', () => {
    expect(resolveInterval({ name: 'whatever', months: 6 }, [3, 6, 12], sv)).toEqual({
      ok: true,
      interval: { name: 'Var 6:e månad', months: 6 },
    });
  });

  it('matches a line that only kept the name', () => {
    expect(resolveInterval({ name: 'Var 12:e månad' }, [3, 6, 12], sv)).toEqual({
      ok: true,
      interval: { name: 'Var 12:e månad', months: 12 },
    });
  });

  it('refuses an interval the product does not offer, and any interval on a product without offers', () => {
    expect(resolveInterval({ name: 'x', months: 2 }, [3, 6, 12], sv)).toEqual({ ok: false });
    expect(resolveInterval({ name: 'Var 3:e månad' }, [], sv)).toEqual({ ok: false });
    expect(resolveInterval(null, [], sv)).toEqual({ ok: true, interval: null });
  });

  it('one-off lines and lines of different intervals never compare equal', () => {
    expect(sameInterval(null, undefined)).toBe(true);
    expect(sameInterval({ months: 3 }, { months: 3 })).toBe(true);
    expect(sameInterval({ months: 3 }, null)).toBe(false);
    expect(sameInterval({ months: 3 }, { months: 6 })).toBe(false);
  });
});

const facts = (over: Partial<CartProductFacts> = {}): CartProductFacts => ({
  product_id: 7,
  sku: 'F7',
  name: 'Filter',
  slug: 'filter',
  type: 1,
  thumb: null,
  prices: { n: [{ q: 1, p: 199 }] },
  vat: 25,
  categories: [],
  group_id: null,
  discount_category: null,
  stock_status: 'in-stock',
  stock_quantity: 100,
  estimated_at: null,
  orderable: true,
  subscription_months: [3, 6, 12],
  ...over,
});

describe('cart sync with subscription lines', () => {
  it('prices a subscribed line like a one-off line and keeps them apart', () => {
    const products = new Map([['F7', facts()]]);
    const { items } = priceCart(
      [
        { uuid: 'a', sku: 'F7', quantity: 1, subscription_interval: { name: '', months: 3 } },
        { uuid: 'b', sku: 'F7', quantity: 2 },
      ],
      products,
      [],
      {},
      sv,
    );
    expect(items.map((l) => [l.uuid, l.quantity, l.price, l.subscription_interval])).toEqual([
      ['a', 1, 199, { name: 'Var 3:e månad', months: 3 }],
      ['b', 2, 199, null],
    ]);
  });

  it('answers a refused interval as a quantity-0 line with the subscription notice', () => {
    const products = new Map([['F7', facts({ subscription_months: [] })]]);
    const { items } = priceCart(
      [{ uuid: 'a', sku: 'F7', quantity: 1, subscription_interval: { name: 'x', months: 3 } }],
      products,
      [],
      {},
      sv,
    );
    expect(items[0]).toMatchObject({ uuid: 'a', quantity: 0, cart_notice: CartNotice.SubscriptionUnavailable });
  });

  it('adding to the cart merges only lines of the same interval', () => {
    const line = (uuid: string, months: number | null): CartItem =>
      ({
        uuid,
        product_id: 7,
        sku: 'F7',
        quantity: 1,
        price: 199,
        pricing: [{ q: 1, p: 199 }],
        subscription_interval: months ? { name: sv(months), months } : null,
      }) as CartItem;
    let items = addItem([], line('a', null));
    items = addItem(items, line('b', 3));
    items = addItem(items, line('c', 3));
    items = addItem(items, line('d', 6));
    items = addItem(items, line('e', null));
    expect(items.map((l) => [l.uuid, l.quantity, l.subscription_interval?.months ?? null])).toEqual([
      ['a', 2, null],
      ['b', 2, 3],
      ['d', 1, 6],
    ]);
  });
});
