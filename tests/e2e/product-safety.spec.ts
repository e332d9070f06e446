/** The product safety block (GPSR art. 19, docs/product/legal.md) as a shopper sees it in two storefronts. */
import { expect, test } from '@playwright/test';
import { pathFor } from '#lib/routing/routes.ts';
import { inEuEea, resolveSafety } from '#lib/catalogue/product-safety.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { origin, TEST_PRODUCTS } from '#tests/support/test-env.ts';

const catalogue = generateDemoCatalogue({ products: TEST_PRODUCTS });
const safetyOf = (p: (typeof catalogue.products)[number]) =>
  resolveSafety(catalogue.brands.find((b) => b.id === p.brand_id)!.safety, p.safety);
// a manufacturer outside the EU/EEA: the page names the EU responsible person too
const product = catalogue.products.find((p) => !inEuEea(safetyOf(p).manufacturer!.address.country))!;
const info = safetyOf(product);

const TITLES = { sv: 'Produktsäkerhet', fi: 'Tuoteturvallisuus' } as const;

for (const code of ['sv', 'fi'] as const) {
  test(`${code}: the product page shows manufacturer, EU responsible person and the warning; the JSON-LD names the manufacturer`, async ({
    page,
  }) => {
    await page.goto(origin(code) + pathFor('product', code, { slug: product.translations[code]!.slug }));
    const block = page.getByTestId('product-safety');
    await expect(block).toBeVisible();
    await expect(block.getByRole('heading', { name: TITLES[code] })).toBeVisible();
    await expect(block.getByTestId('safety-manufacturer')).toContainText(info.manufacturer!.name);
    await expect(block.getByTestId('safety-manufacturer')).toContainText(info.manufacturer!.address.city);
    await expect(block.getByTestId('safety-responsible-person')).toContainText(info.responsible_person!.name);
    await expect(block.getByTestId('safety-warning')).toHaveText(info.warnings![code]!);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld[0].manufacturer).toMatchObject({ '@type': 'Organization', name: info.manufacturer!.name });
    expect(ld[0].manufacturer.address.addressCountry).toBe(info.manufacturer!.address.country);
  });
}
