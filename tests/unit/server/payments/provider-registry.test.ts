import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import type { PaymentMethodView } from '#lib/api/checkout-contracts.ts';

// The registry builds its providers once from the environment: the sandbox defaults, whatever the shell says.
let registry: typeof import('#server/payments/provider-registry.ts');
beforeAll(async () => {
  vi.stubEnv('NODE_ENV', 'test');
  vi.stubEnv('PARTSFRONT_SANDBOX', undefined);
  for (const prefix of ['ADYEN', 'KLARNA', 'WALLEY', 'TWO'])
    for (const name of Object.keys(process.env).filter((n) => n.startsWith(`${prefix}_`))) vi.stubEnv(name, undefined);
  registry = await import('#server/payments/provider-registry.ts');
  return () => vi.unstubAllEnvs();
});

const ids = (methods: PaymentMethodView[], type: 'consumer' | 'business') =>
  methods.filter((m) => m.customer_types.includes(type)).map((m) => m.id);

describe('external payment methods per storefront and customer type', () => {
  it('offers Walley invoice to consumers where Walley sells (not nl), after the cards, wallets and Klarna', () => {
    const consumer = (locale: LocaleCode) => ids(registry.configuredMethods(locale), 'consumer');
    expect(consumer('sv')).toEqual(['card', 'swish', 'klarna', 'walley-invoice']);
    expect(consumer('no')).toEqual(['card', 'vipps', 'klarna', 'walley-invoice']);
    expect(consumer('da')).toEqual(['card', 'dankort', 'mobilepay', 'walley-invoice']);
    expect(consumer('fi')).toEqual(['card', 'mobilepay', 'klarna', 'walley-invoice']);
    expect(consumer('nl')).toEqual(['card', 'ideal', 'klarna']);
  });

  it('offers Two invoice to businesses in every storefront, and nothing else external', () => {
    for (const locale of LOCALE_CODES) {
      const methods = registry.configuredMethods(locale);
      expect(ids(methods, 'business')).toEqual(['two-invoice']);
      expect(methods.find((m) => m.id === 'two-invoice')).toMatchObject({ provider: 'two', customer_types: ['business'] });
    }
  });

  it('names the invoices per storefront language, the brand first', () => {
    const name = (locale: LocaleCode, id: string) => registry.configuredMethods(locale).find((m) => m.id === id)?.name;
    expect(name('sv', 'walley-invoice')).toBe('Walley – faktura');
    expect(name('fi', 'walley-invoice')).toBe('Walley – lasku');
    expect(name('sv', 'two-invoice')).toBe('Two – företagsfaktura');
    expect(name('nl', 'two-invoice')).toBe('Two – zakelijke factuur');
  });

  it('finds the provider by method and by id', () => {
    expect(registry.providerFor('walley-invoice')).toMatchObject({ id: 'walley', kind: 'invoiceConsumer' });
    expect(registry.providerFor('two-invoice')).toMatchObject({ id: 'two', kind: 'invoiceBusiness' });
    expect(registry.providerFor('invoice-business')).toMatchObject({ id: 'invoice', kind: 'invoiceBusiness' });
    expect(registry.providerById('walley')).toBe(registry.providerFor('walley-invoice'));
    expect(registry.providerById('two')).toBe(registry.providerFor('two-invoice'));
    expect(registry.providerById('invoice')).toBeUndefined();
    expect(registry.providerFor('walley')).toBeUndefined();
  });
});
