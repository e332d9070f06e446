import { describe, expect, it } from 'vitest';
import { subscriptionRenewalMail, type RenewalMailInput } from '#lib/mail/subscription-renewal-mail.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

const input: RenewalMailInput = {
  orderNumber: '100234',
  firstName: 'Anna <b>',
  productName: 'Filter & co',
  sku: 'F-1',
  quantity: 2,
  intervalMonths: 3,
  totalMinor: 69000,
  invoiceReference: '1002340',
  nextDue: '2027-05-24',
  orderUrl: 'https://sv.example/checkout/confirmation/abc',
  subscriptionsUrl: 'https://sv.example/my-account/subscriptions',
};

describe('subscription renewal e-mail', () => {
  it('says what was ordered, at what price, how it is paid, when the next comes and where to manage it (sv)', () => {
    const m = subscriptionRenewalMail('sv', input);
    expect(m.subject).toBe(`Din prenumeration: order 100234 – ${m.subject.split('– ')[1]}`);
    expect(m.text).toContain('Hej Anna <b>!');
    expect(m.text).toContain('2 × Filter & co (F-1)');
    expect(m.text).toContain('Var 3:e månad');
    expect(m.text).toContain(formatMinorPrice(69000, 'sv'));
    expect(m.text).toContain('OCR-nummer: 1002340');
    expect(m.text).toContain('24 maj 2027');
    expect(m.text).toContain(input.subscriptionsUrl);
    expect(m.html).toContain('Filter &amp; co');
    expect(m.html).not.toContain('Anna <b>');
    expect(m.html).toContain(`href="${input.orderUrl}"`);
  });

  it('is written in every storefront language, without untranslated keys', () => {
    for (const locale of LOCALE_CODES) {
      const m = subscriptionRenewalMail(locale, input);
      expect(m.text).not.toMatch(/mail\.subscription_renewal|subscriptions\./);
      expect(m.subject).toContain('100234');
    }
    expect(subscriptionRenewalMail('fi', input).text).toContain('3 kuukauden välein');
    expect(subscriptionRenewalMail('nl', input).text).toContain('Elke 3 maanden');
  });
});
