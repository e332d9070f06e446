import { describe, expect, it } from 'vitest';
import { cartLineRow, cartLinesTotal, orderLineRows } from '#lib/orders/lines-view.ts';

// Intl writes no-break spaces (narrow in sv/fi/no): the tests compare with plain spaces
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, ' ')) as T;

describe('order lines view', () => {
  it('one row per snapshot line, in order: name, SKU, quantity, unit price and the stored line total', () => {
    const rows = orderLineRows(
      [
        { sku: 'ELE-000001', name: 'Kniv', quantity: 1, unit_price_minor: 105_900, total_minor: 105_900 },
        { sku: 'GOR-000002', name: 'Filter', quantity: 2, unit_price_minor: 77_900, total_minor: 140_220 },
        { sku: 'GOR-000002', name: 'Filter (prenumeration)', quantity: 1, unit_price_minor: 77_900, total_minor: 77_900 },
      ],
      'sv',
    );
    expect(plain(rows)).toEqual([
      {
        key: '0:ELE-000001',
        sku: 'ELE-000001',
        name: 'Kniv',
        quantity: 1,
        unitPrice: '1 059 kr',
        lineTotal: '1 059 kr',
        lineTotalMinor: 105_900,
      },
      {
        key: '1:GOR-000002',
        sku: 'GOR-000002',
        name: 'Filter',
        quantity: 2,
        unitPrice: '779 kr',
        lineTotal: '1 402 kr',
        lineTotalMinor: 140_220,
      },
      {
        key: '2:GOR-000002',
        sku: 'GOR-000002',
        name: 'Filter (prenumeration)',
        quantity: 1,
        unitPrice: '779 kr',
        lineTotal: '779 kr',
        lineTotalMinor: 77_900,
      },
    ]);
    expect(
      plain(orderLineRows([{ sku: 'A', name: 'A', quantity: 3, unit_price_minor: 1_250, total_minor: 3_750 }], 'nl'))[0],
    ).toMatchObject({
      unitPrice: '€ 12,50',
      lineTotal: '€ 37,50',
    });
  });
});

describe('cart lines view', () => {
  const item = { uuid: 'u1', sku: 'DYS-000007', name: 'Kniv', quantity: 3, price: 269.4, vat: 25 };

  it('incl. VAT: the unit price in the currency digits, the line total as quantity × unit price', () => {
    expect(plain(cartLineRow(item, true, 'sv'))).toEqual({
      key: 'u1',
      sku: 'DYS-000007',
      name: 'Kniv',
      quantity: 3,
      unitPrice: '269 kr',
      lineTotal: '808 kr',
    });
    expect(plain(cartLineRow({ ...item, price: 12.5, vat: 25.5 }, true, 'fi'))).toMatchObject({
      unitPrice: '12,50 €',
      lineTotal: '37,50 €',
    });
  });

  it('ex VAT: both divided by the VAT factor', () => {
    expect(plain(cartLineRow({ ...item, price: 1_250 }, false, 'sv'))).toMatchObject({ unitPrice: '1 000 kr', lineTotal: '3 000 kr' });
  });

  it('the prior price of an announced reduction, shown like the unit price (incl. or ex VAT); none when not above it', () => {
    expect(plain(cartLineRow({ ...item, price: 949, prior_price: 1_359 }, true, 'sv')).priorPrice).toBe('1 359 kr');
    expect(plain(cartLineRow({ ...item, price: 949, prior_price: 1_250 }, false, 'sv')).priorPrice).toBe('1 000 kr');
    expect(cartLineRow({ ...item, prior_price: null }, true, 'sv').priorPrice).toBeUndefined();
    expect(cartLineRow({ ...item, prior_price: item.price }, true, 'sv').priorPrice).toBeUndefined();
  });

  it("the mini cart's total: the lines' sum to two decimals, shown in the currency's digits", () => {
    const items = [
      { quantity: 2, price: 269.4, vat: 25 },
      { quantity: 1, price: 152, vat: 25 },
    ];
    expect(plain(cartLinesTotal(items, true, 'sv'))).toEqual({ amount: 690.8, text: '691 kr' });
    expect(plain(cartLinesTotal(items, false, 'sv'))).toEqual({ amount: 552.64, text: '553 kr' });
    expect(plain(cartLinesTotal(items, true, 'fi'))).toEqual({ amount: 690.8, text: '690,80 €' });
    expect(cartLinesTotal([], true, 'sv').amount).toBe(0);
  });
});
