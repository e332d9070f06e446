import { describe, expect, it } from 'vitest';
import type { CheckoutTotals } from '#lib/api/checkout-contracts.ts';
import { STRINGS } from '#lib/market/i18n.ts';
import { totalOnlyView, totalsView, type TotalsView } from '#lib/orders/totals-view.ts';

const totals: CheckoutTotals = {
  currency: 'SEK',
  goods_minor: 76_700,
  discount_minor: 7_670,
  shipping_minor: 4_900,
  total_minor: 73_930,
  vat_minor: 14_786,
  vat_breakdown: [{ rate: 25, net_minor: 59_144, vat_minor: 14_786, gross_minor: 73_930 }],
  free_shipping_threshold_minor: 49_900,
  free_shipping_left_minor: 0,
};

// Intl writes no-break spaces (narrow in sv/fi/no) and a real minus sign: the tests compare with plain spaces
const plain = <T extends TotalsView>(view: T): T => JSON.parse(JSON.stringify(view).replace(/[\u00a0\u202f]/g, ' ')) as T;

describe('totals view', () => {
  it('incl. VAT: goods, discount, shipping, the total and the VAT it contains, labelled and formatted', () => {
    const view = plain(totalsView(totals, false, 'sv', STRINGS.sv.checkout.totals));
    expect(view.rows).toEqual([
      { kind: 'goods', label: 'Varor', minor: 76_700, amount: '767 kr' },
      { kind: 'discount', label: 'Rabatt', minor: -7_670, amount: '−77 kr' },
      { kind: 'shipping', label: 'Frakt', minor: 4_900, amount: '49 kr' },
      { kind: 'total', label: 'Att betala', minor: 73_930, amount: '739 kr' },
      { kind: 'vat_included', label: 'varav moms', minor: 14_786, amount: '148 kr' },
    ]);
    expect(view.vat).toEqual({
      caption: 'Momsspecifikation',
      headings: ['Momssats', 'Underlag', 'Moms', 'Inkl. moms'],
      rows: [{ rate: 25, rateLabel: '25 %', net: '591 kr', vat: '148 kr', gross: '739 kr' }],
    });
  });

  it('ex VAT: the rows without VAT, the net sum, the VAT and the total to pay', () => {
    const view = plain(totalsView(totals, true, 'sv', STRINGS.sv.checkout.totals));
    expect(view.rows.map((r) => [r.label, r.amount])).toEqual([
      ['Varor', '614 kr'],
      ['Rabatt', '−61 kr'],
      ['Frakt', '39 kr'],
      ['Summa exkl. moms', '591 kr'],
      ['Moms', '148 kr'],
      ['Att betala', '739 kr'],
    ]);
  });

  it('no discount row without a discount; one VAT row per rate, in the storefront’s number format', () => {
    const fi: CheckoutTotals = {
      ...totals,
      currency: 'EUR',
      discount_minor: 0,
      vat_breakdown: [
        { rate: 14, net_minor: 1_000, vat_minor: 140, gross_minor: 1_140 },
        { rate: 25.5, net_minor: 10_000, vat_minor: 2_550, gross_minor: 12_550 },
      ],
    };
    const view = plain(totalsView(fi, false, 'fi', STRINGS.fi.checkout.totals));
    expect(view.rows.map((r) => r.kind)).toEqual(['goods', 'shipping', 'total', 'vat_included']);
    expect(view.rows[0]).toEqual({ kind: 'goods', label: 'Tuotteet', minor: 76_700, amount: '767,00 €' });
    expect(view.vat.rows).toEqual([
      { rate: 14, rateLabel: '14 %', net: '10,00 €', vat: '1,40 €', gross: '11,40 €' },
      { rate: 25.5, rateLabel: '25,5 %', net: '100,00 €', vat: '25,50 €', gross: '125,50 €' },
    ]);
    expect(plain(totalsView(fi, false, 'nl', STRINGS.nl.checkout.totals)).rows[2]).toEqual({
      kind: 'total',
      label: 'Te betalen',
      minor: 73_930,
      amount: '€ 739,30',
    });
  });

  it('an order known by its total only: that one row, no VAT table', () => {
    expect(plain(totalOnlyView(261_700, 'Summa', 'sv'))).toEqual({
      rows: [{ kind: 'total', label: 'Summa', minor: 261_700, amount: '2 617 kr' }],
      vat: null,
    });
  });
});
