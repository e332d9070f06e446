/**
 * Product safety information on the product pages as served (GPSR art. 19, docs/product/legal.md): the block
 * `product-safety` with the manufacturer, the EU responsible person where the manufacturer is outside the
 * EU/EEA and the warning in the storefront's language, and the manufacturer in the product JSON-LD.
 */
import { describe, expect, it, inject } from 'vitest';
import { request } from '#tests/support/http.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { inEuEea, resolveSafety } from '#lib/catalogue/product-safety.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { TEST_PRODUCTS } from '#tests/support/test-env.ts';

const port = new URL(inject('apiBase')).port;
const at = (locale: string, path: string) => `http://${locale}.localhost:${port}${path}`;
// The same deterministic catalogue the test build was made from.
const catalogue = generateDemoCatalogue({ products: TEST_PRODUCTS });
const brandOf = (p: (typeof catalogue.products)[number]) => catalogue.brands.find((b) => b.id === p.brand_id)!;
const safetyOf = (p: (typeof catalogue.products)[number]) => resolveSafety(brandOf(p).safety, p.safety);
const html = (s: string) => s.replace(/&#39;/g, "'").replace(/&amp;/g, '&');

async function page(locale: LocaleCode, p: (typeof catalogue.products)[number]) {
  const r = await request(at(locale, pathFor('product', locale, { slug: p.translations[locale]!.slug })));
  expect(r.status).toBe(200);
  const block = /<section[^>]*data-testid="product-safety"[^>]*>([\s\S]*?)<\/section>/.exec(r.body);
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(r.body)![1]);
  return { block: block ? html(block[1]) : null, product: ld[0] };
}

describe('product safety on the product page', () => {
  it('shows an EU manufacturer and the warning in the storefront language, and puts the manufacturer in the JSON-LD', async () => {
    const p = catalogue.products.find((x) => inEuEea(safetyOf(x).manufacturer!.address.country) && !x.safety)!;
    const info = safetyOf(p);
    for (const locale of ['sv', 'nl'] as const) {
      const { block, product } = await page(locale, p);
      expect(block).toContain(info.manufacturer!.name);
      expect(block).toContain(info.manufacturer!.address.street);
      expect(block).toContain(info.warnings![locale]);
      expect(block).not.toContain('data-testid="safety-responsible-person"');
      expect(product.manufacturer).toMatchObject({
        '@type': 'Organization',
        name: info.manufacturer!.name,
        email: info.manufacturer!.email,
        address: { '@type': 'PostalAddress', addressCountry: info.manufacturer!.address.country },
      });
      expect(product.additionalProperty[0]).toMatchObject({ propertyID: 'safetyInformation', value: info.warnings![locale] });
    }
  });

  it('names the EU responsible person when the manufacturer is outside the EU/EEA', async () => {
    const p = catalogue.products.find((x) => !inEuEea(safetyOf(x).manufacturer!.address.country))!;
    const info = safetyOf(p);
    const { block } = await page('fi', p);
    expect(block).toMatch(/data-testid="safety-responsible-person"/);
    expect(block).toContain(info.responsible_person!.name);
    expect(block).toContain(info.manufacturer!.name);
  });

  it("a product's own warning replaces its brand's", async () => {
    const p = catalogue.products.find((x) => x.safety?.warnings?.da)!; // blades (src/server/seed/demo-safety.ts)
    const { block } = await page('da', p);
    expect(block).toContain(p.safety!.warnings!.da);
    expect(block).not.toContain(brandOf(p).safety!.warnings!.da);
  });
});
