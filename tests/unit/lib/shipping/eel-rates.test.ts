import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES as CHECKOUT_LOCALES } from '#lib/market/locales.ts';
import { EEL_RATES } from '#lib/shipping/eel-rate-table.ts';
import { eelShippingOptions, FREE_SHIPPING_THRESHOLD_MINOR } from '#lib/shipping/eel-rates.ts';

const summary = (options: ReturnType<typeof eelShippingOptions>) =>
  options.map((o) => [o.id, o.priceMinor, o.deliveryDays.min, o.deliveryDays.max]);

describe('eelShippingOptions', () => {
  it('sv mainland: every service, cheapest first, with VAT rate and service point flag', () => {
    const options = eelShippingOptions({ locale: 'sv', postalCode: '111 22', weightGrams: 800, goodsTotalMinor: 10_000 });
    expect(summary(options)).toEqual([
      ['postnord-service-point', 4_900, 1, 3],
      ['dhl-service-point', 5_900, 1, 3],
      ['postnord-home', 7_900, 1, 3],
      ['dhl-express', 14_900, 1, 1],
    ]);
    expect(options[0]).toEqual({
      id: 'postnord-service-point',
      carrier: 'PostNord',
      name: 'PostNord MyPack Collect',
      kind: 'service_point',
      priceMinor: 4_900,
      vatRate: 25,
      isFree: false,
      deliveryDays: { min: 1, max: 3 },
      hasServicePoints: true,
      zone: 'standard',
    });
    expect(options.map((o) => o.hasServicePoints)).toEqual([true, true, false, false]);
  });

  it('sv Norrland: surcharge and an extra day', () => {
    expect(summary(eelShippingOptions({ locale: 'sv', postalCode: '981 38', weightGrams: 800, goodsTotalMinor: 10_000 }))).toEqual([
      ['postnord-service-point', 6_400, 2, 4],
      ['dhl-service-point', 7_400, 2, 4],
      ['postnord-home', 9_400, 2, 4],
      ['dhl-express', 16_400, 2, 2],
    ]);
  });

  it('Gotland: island surcharge, no express', () => {
    const options = eelShippingOptions({ locale: 'sv', postalCode: '62141', weightGrams: 800, goodsTotalMinor: 10_000 });
    expect(summary(options)).toEqual([
      ['postnord-service-point', 7_800, 2, 4],
      ['dhl-service-point', 8_800, 2, 4],
      ['postnord-home', 10_800, 2, 4],
    ]);
  });

  it('free shipping from the threshold makes standard options free, never express', () => {
    const free = eelShippingOptions({
      locale: 'sv',
      postalCode: '111 22',
      weightGrams: 800,
      goodsTotalMinor: FREE_SHIPPING_THRESHOLD_MINOR.sv,
    });
    expect(free.map((o) => [o.id, o.priceMinor, o.isFree])).toEqual([
      ['dhl-service-point', 0, true], // ties at 0: fastest, then by id
      ['postnord-home', 0, true],
      ['postnord-service-point', 0, true],
      ['dhl-express', 14_900, false],
    ]);
    const justBelow = eelShippingOptions({
      locale: 'sv',
      postalCode: '111 22',
      weightGrams: 800,
      goodsTotalMinor: FREE_SHIPPING_THRESHOLD_MINOR.sv - 1,
    });
    expect(justBelow.every((o) => !o.isFree && o.priceMinor > 0)).toBe(true);
  });

  it('free shipping also covers remote and island surcharges', () => {
    const options = eelShippingOptions({ locale: 'da', postalCode: '3700', weightGrams: 800, goodsTotalMinor: 44_900 });
    // All free and equally fast (1 + 1 island day): ordered by id. No express to Bornholm.
    expect(options.map((o) => [o.id, o.priceMinor, o.zone])).toEqual([
      ['gls-home', 0, 'island'],
      ['gls-parcelshop', 0, 'island'],
      ['postnord-service-point', 0, 'island'],
    ]);
  });

  it('picks the weight bracket: 1000 g is the first, 1001 g the second', () => {
    const at = (weightGrams: number) =>
      eelShippingOptions({ locale: 'fi', postalCode: '00100', weightGrams, goodsTotalMinor: 0 }).find((o) => o.id === 'posti-home')
        ?.priceMinor;
    expect(at(0)).toBe(990);
    expect(at(1_000)).toBe(990);
    expect(at(1_001)).toBe(1_190);
    expect(at(35_000)).toBe(2_990);
    expect(at(35_001)).toBeUndefined();
  });

  it('drops services a parcel is too heavy for, and offers nothing above every limit', () => {
    expect(summary(eelShippingOptions({ locale: 'sv', postalCode: '111 22', weightGrams: 20_001, goodsTotalMinor: 0 }))).toEqual([
      ['postnord-home', 24_900, 1, 3],
      ['dhl-express', 34_900, 1, 1],
    ]);
    expect(eelShippingOptions({ locale: 'sv', postalCode: '111 22', weightGrams: 35_001, goodsTotalMinor: 0 })).toEqual([]);
  });

  it('carries the country VAT rate: fi 25.5 %, nl 21 %', () => {
    const fi = eelShippingOptions({ locale: 'fi', postalCode: '96100', weightGrams: 2_000, goodsTotalMinor: 0 });
    expect(summary(fi)).toEqual([
      ['matkahuolto-service-point', 990, 2, 4],
      ['posti-service-point', 1_090, 2, 4],
      ['posti-home', 1_490, 2, 4],
      ['dhl-express', 2_790, 2, 2],
    ]);
    expect(fi.every((o) => o.vatRate === 25.5 && o.zone === 'remote')).toBe(true);
    const nl = eelShippingOptions({ locale: 'nl', postalCode: '1011ab', weightGrams: 500, goodsTotalMinor: 4_899 });
    expect(summary(nl)).toEqual([
      ['dhl-service-point', 445, 1, 2],
      ['postnl-service-point', 495, 1, 2],
      ['postnl-home', 595, 1, 2],
      ['dhl-express', 1_495, 1, 1],
    ]);
    expect(nl.every((o) => o.vatRate === 21)).toBe(true);
  });

  it('offers nothing to an invalid or unserved postal code', () => {
    expect(eelShippingOptions({ locale: 'fi', postalCode: '22100', weightGrams: 500, goodsTotalMinor: 0 })).toEqual([]);
    expect(eelShippingOptions({ locale: 'no', postalCode: '9171', weightGrams: 500, goodsTotalMinor: 0 })).toEqual([]);
    expect(eelShippingOptions({ locale: 'no', postalCode: '91711', weightGrams: 500, goodsTotalMinor: 0 })).toEqual([]);
  });

  it('rejects impossible weights and totals', () => {
    expect(() => eelShippingOptions({ locale: 'sv', postalCode: '111 22', weightGrams: -1, goodsTotalMinor: 0 })).toThrow(RangeError);
    expect(() => eelShippingOptions({ locale: 'sv', postalCode: '111 22', weightGrams: 1.5, goodsTotalMinor: 0 })).toThrow(RangeError);
    expect(() => eelShippingOptions({ locale: 'sv', postalCode: '111 22', weightGrams: 100, goodsTotalMinor: 499.5 })).toThrow(RangeError);
  });

  it('always sorted by price, express never free, free exactly from the threshold', () => {
    const postal = {
      sv: ['111 22', '981 38', '621 41'],
      no: ['0150', '9008'],
      da: ['1050', '3700'],
      fi: ['00100', '96100'],
      nl: ['1011 AB', '1791 AB'],
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECKOUT_LOCALES),
        fc.nat(2),
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (locale, p, weightGrams, goodsTotalMinor) => {
          const codes = postal[locale];
          const options = eelShippingOptions({ locale, postalCode: codes[p % codes.length]!, weightGrams, goodsTotalMinor });
          const freeAllowed = goodsTotalMinor >= FREE_SHIPPING_THRESHOLD_MINOR[locale];
          options.forEach((o, i) => {
            if (i > 0) expect(o.priceMinor).toBeGreaterThanOrEqual(options[i - 1]!.priceMinor);
            expect(o.isFree).toBe(freeAllowed && o.kind !== 'express');
            expect(o.priceMinor === 0).toBe(o.isFree);
            expect(o.vatRate).toBe(EEL_RATES[locale].vatRate);
          });
        },
      ),
    );
  });
});

describe('EEL_RATES table', () => {
  it('is well-formed for every storefront', () => {
    const vat = Object.fromEntries(CHECKOUT_LOCALES.map((l) => [l, EEL_RATES[l].vatRate]));
    expect(vat).toEqual({ sv: 25, no: 25, da: 25, fi: 25.5, nl: 21 });
    for (const locale of CHECKOUT_LOCALES) {
      const { services } = EEL_RATES[locale];
      expect(new Set(services.map((s) => s.kind)), locale).toEqual(new Set(['home', 'service_point', 'express']));
      expect(new Set(services.map((s) => s.id)).size, locale).toBe(services.length);
      for (const service of services) {
        expect(service.brackets.length, service.id).toBeGreaterThan(0);
        service.brackets.forEach((bracket, i) => {
          expect(Number.isSafeInteger(bracket.priceMinor) && bracket.priceMinor > 0, service.id).toBe(true);
          if (i > 0) {
            expect(bracket.maxGrams, service.id).toBeGreaterThan(service.brackets[i - 1]!.maxGrams);
            expect(bracket.priceMinor, service.id).toBeGreaterThanOrEqual(service.brackets[i - 1]!.priceMinor);
          }
        });
        expect(service.deliveryDays.min).toBeLessThanOrEqual(service.deliveryDays.max);
      }
    }
  });
});
