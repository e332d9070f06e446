import { describe, expect, it } from 'vitest';
import { toOption } from '#server/shipping/ingrid/ingrid-mapping.ts';
import type { IngridCategory } from '#server/shipping/ingrid/ingrid-schemas.ts';
import { FREE_SHIPPING_THRESHOLD_MINOR } from '#lib/shipping/free-shipping.ts';

const NOW = Date.parse('2026-11-24T08:00:00Z');
const at = (days: number) => new Date(Date.parse('2026-11-24T12:00:00Z') + days * 86_400_000).toISOString();

const category = (over: Partial<IngridCategory> = {}): IngridCategory => ({
  id: 'se-budbee-home',
  name: 'Budbee Hemleverans',
  delivery_type: 'delivery',
  price: 7_900,
  vat_rate: 25,
  tags: [],
  shipping_options: [{ carrier: 'Budbee', product: 'Budbee Home', delivery_time: { earliest: at(1), latest: at(2) } }],
  ...over,
});

const below = { locale: 'sv' as const, goodsTotalMinor: FREE_SHIPPING_THRESHOLD_MINOR.sv - 1 };
const above = { locale: 'sv' as const, goodsTotalMinor: FREE_SHIPPING_THRESHOLD_MINOR.sv };

describe('Ingrid categories as shipping options', () => {
  it('maps kind, carrier, price and whole days of the delivery promise', () => {
    expect(toOption(category(), below, NOW)).toEqual({
      id: 'se-budbee-home',
      carrier: 'Budbee',
      name: 'Budbee Hemleverans',
      kind: 'home',
      priceMinor: 7_900,
      vatRate: 25,
      minDays: 1,
      maxDays: 2,
      hasServicePoints: false,
    });
    expect(toOption(category({ delivery_type: 'pickup' }), below, NOW)).toMatchObject({ kind: 'service_point', hasServicePoints: true });
    expect(toOption(category({ delivery_type: 'mailbox' }), below, NOW).kind).toBe('mailbox');
    expect(toOption(category({ tags: [{ name: 'express' }] }), below, NOW).kind).toBe('express');
  });

  it("keeps the storefront's free-shipping promise even when Ingrid's site rules charge: 0 from the threshold, express excepted", () => {
    expect(toOption(category(), above, NOW).priceMinor).toBe(0);
    expect(toOption(category({ delivery_type: 'pickup', price: 4_900 }), above, NOW).priceMinor).toBe(0);
    expect(toOption(category({ tags: [{ name: 'express' }], price: 14_900 }), above, NOW).priceMinor).toBe(14_900);
    expect(toOption(category(), { locale: 'no', goodsTotalMinor: FREE_SHIPPING_THRESHOLD_MINOR.sv }, NOW).priceMinor).toBe(7_900);
    // Ingrid's own lower price (a campaign of its site rules) stands.
    expect(toOption(category({ price: 0 }), below, NOW).priceMinor).toBe(0);
  });
});
