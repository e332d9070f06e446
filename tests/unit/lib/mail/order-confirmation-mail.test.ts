import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { orderConfirmationMail, type OrderMailInput } from '#lib/mail/order-confirmation-mail.ts';

const order = (over: Partial<OrderMailInput> = {}): OrderMailInput => ({
  orderNumber: '1001075',
  placedAt: '2026-11-23T09:30:00.000Z',
  firstName: 'Åsa',
  items: [
    { sku: 'STI-000174', name: 'Filter <HEPA> & ram', quantity: 2, total_minor: 39800 },
    { sku: 'STI-000175', name: 'Dammsugarpåse', quantity: 1, total_minor: 12900 },
  ],
  totals: {
    currency: 'SEK',
    goods_minor: 52700,
    discount_minor: 0,
    shipping_minor: 4900,
    total_minor: 57600,
    vat_minor: 11520,
    vat_breakdown: [{ rate: 25, net_minor: 46080, vat_minor: 11520, gross_minor: 57600 }],
    free_shipping_threshold_minor: 49900,
    free_shipping_left_minor: 0,
  },
  shipping: { carrier: 'PostNord', name: 'Ombud', min_days: 1, max_days: 3 },
  servicePoint: {
    id: 'sp1',
    carrier: 'PostNord',
    name: 'ICA Nära Storgatan',
    street: 'Storgatan 1',
    postal_code: '123 45',
    city: 'Stockholm',
  },
  paymentName: 'Faktura',
  invoiceReference: '10010758',
  orderUrl: 'http://sv.localhost:4321/checkout/confirmation/abc',
  invoiceUrl: 'http://sv.localhost:4321/checkout/invoice/abc',
  ...over,
});

describe('orderConfirmationMail', () => {
  for (const locale of LOCALE_CODES) {
    it(`${locale}: every string translated, the order's facts and totals in both parts`, () => {
      const m = orderConfirmationMail(locale, order());
      expect(m.subject).toContain('1001075');
      expect(m.subject).toContain(LOCALES[locale].brand);
      for (const part of [m.text, m.html]) {
        expect(part).not.toMatch(/mail\.order_confirmation|checkout\.(confirmation|totals)|\{\{/);
        expect(part).toContain('1001075');
        expect(part).toContain('STI-000174');
        expect(part).toContain('ICA Nära Storgatan');
        expect(part).toContain('10010758');
        expect(part).toContain('http://sv.localhost:4321/checkout/confirmation/abc');
        expect(part).toContain(formatMinorPrice(57600, locale));
        expect(part).toContain(formatMinorPrice(11520, locale));
      }
      expect(m.text).toContain('Åsa');
    });
  }

  it('escapes every value in the HTML part and keeps it readable in the text part', () => {
    const m = orderConfirmationMail('sv', order({ firstName: '<img src=x onerror=alert(1)>' }));
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(m.html).toContain('Filter &lt;HEPA&gt; &amp; ram');
    expect(m.text).toContain('2 × Filter <HEPA> & ram (STI-000174)');
  });

  it('links the invoice only for own-invoice orders and leaves out absent facts', () => {
    const card = orderConfirmationMail('sv', order({ invoiceUrl: null, invoiceReference: null, servicePoint: null, paymentName: 'Kort' }));
    expect(card.text).not.toContain('/checkout/invoice/');
    expect(card.html).not.toContain('/checkout/invoice/');
    expect(card.text).not.toContain('ICA Nära');
    expect(orderConfirmationMail('sv', order()).html).toContain('href="http://sv.localhost:4321/checkout/invoice/abc"');
  });
});

describe('the withdrawal information and the model form (Directive 2011/83/EU art. 6(1)(h), Annex I; the art. 10 record)', () => {
  it('carries the right, the 14 days, the seller to write to, the online function and the model form in every language', () => {
    const titles = new Set<string>();
    for (const locale of LOCALE_CODES) {
      const url = `http://${locale}.localhost:4321/my-order?withdraw`;
      const m = orderConfirmationMail(locale, order({ withdrawalUrl: url }));
      expect(m.text, locale).toContain('14');
      expect(m.text, locale).toContain(url);
      expect(m.html, locale).toContain(`href="${url}"`);
      expect(m.html, locale).toContain('data-section="withdrawal"');
      // the model form names the seller with its address, and asks for the goods, name, address and date
      const formLines = m.text.split('\n').filter((l) => l.endsWith(': …'));
      expect(formLines.length, locale).toBeGreaterThanOrEqual(6);
      expect(m.text, locale).toMatch(/Partsfront AB/);
      titles.add(m.text.split('\n').find((l) => l.includes('(*)')) ?? '');
    }
    expect(titles.size).toBe(LOCALE_CODES.length); // a real translation each
  });

  it('is there without a link too', () => {
    const m = orderConfirmationMail('sv', order());
    expect(m.text).toContain('Ångerrätt:');
    expect(m.text).toContain('Formulär för att ångra köpet:');
    expect(m.text).not.toContain('?withdraw');
  });
});
