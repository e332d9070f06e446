import { describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { catalogueSchema } from '#server/catalogue/catalogue-schema.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';
import { normalizeTiers } from '#lib/pricing/tiers.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('demo catalogue generator', () => {
  const cat = catalogueSchema.parse(generateDemoCatalogue({ products: 400, now }));

  it('is deterministic', () => {
    expect(JSON.stringify(generateDemoCatalogue({ products: 50, now }))).toBe(JSON.stringify(generateDemoCatalogue({ products: 50, now })));
    expect(JSON.stringify(generateDemoCatalogue({ products: 50, now, seed: 2 }))).not.toBe(
      JSON.stringify(generateDemoCatalogue({ products: 50, now })),
    );
  });

  it('has appliance categories three levels deep, ≥ 20 brands and tags', () => {
    const byId = new Map(cat.categories.map((c) => [c.id, c]));
    const depth = (id: number): number => {
      const c = byId.get(id)!;
      return c.parent_id ? 1 + depth(c.parent_id) : 1;
    };
    expect(Math.max(...cat.categories.map((c) => depth(c.id)))).toBe(3);
    expect(cat.brands.length).toBeGreaterThanOrEqual(20);
    expect(cat.tags.length).toBeGreaterThan(0);
  });

  it('translates every name into all five languages, with unique slugs per locale', () => {
    for (const locale of LOCALE_CODES) {
      const slugs = cat.products.map((p) => p.translations[locale]!.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      const catSlugs = cat.categories.map((c) => c.translations[locale]!.slug);
      expect(new Set(catSlugs).size).toBe(catSlugs.length);
    }
    expect(cat.products[0].translations.fi!.name).not.toBe(cat.products[0].translations.sv!.name);
  });

  it('has every stock status and strictly decreasing tier prices per currency', () => {
    expect(new Set(cat.products.map((p) => p.stock_status))).toEqual(new Set(STOCK_STATUSES));
    for (const p of cat.products) {
      for (const locale of LOCALE_CODES) {
        const { prices } = p.prices[locale]!;
        expect(normalizeTiers(prices.n)).toEqual(prices.n);
        if (prices.c) for (const t of prices.c) expect(t.p).toBeLessThan(t.o);
      }
      if (p.prices.sv) expect(Number.isInteger(p.prices.sv.prices.n[0].p)).toBe(true);
    }
    expect(cat.products.some((p) => (p.prices.sv?.prices.n.length ?? 0) > 1)).toBe(true);
    expect(cat.products.some((p) => p.prices.fi?.prices.c)).toBe(true);
  });

  it('has deals live at `now` and content for every storefront', () => {
    for (const locale of LOCALE_CODES) {
      const deal = cat.deals.find((d) => d.locale === locale)!;
      expect(new Date(deal.starts_at).getTime()).toBeLessThan(now.getTime());
      expect(new Date(deal.expires_at).getTime()).toBeGreaterThan(now.getTime());
      expect(cat.content_pages.filter((p) => p.locale === locale).length).toBeGreaterThan(0);
      expect(
        cat.widgets
          .filter((w) => w.locale === locale)
          .map((w) => w.slug)
          .sort(),
      ).toEqual(['cart-footer', 'cart-header', 'cookie-alert', 'footer-columns', 'store-message', 'store-message-footer']);
    }
  });
});
