/** The import refuses a product for sale without complete safety information, naming it, and writes nothing (GPSR art. 19). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { catalogueSchema, type CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { builtProductSafety, productSafetyInfo, productSafetyShown } from '#server/catalogue/product-safety.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { inEuEea } from '#lib/catalogue/product-safety.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

const demo = () => generateDemoCatalogue({ products: 60, now: new Date('2026-11-24T00:00:00Z') });
const count = async (db: Db) =>
  (
    await db
      .selectFrom('products')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
let db: Db;

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await writeCatalogue(db, demo());
});
afterAll(() => db.destroy());

describe('import: product safety information', () => {
  it('the demo catalogue is complete, with manufacturers outside the EU/EEA and their EU responsible persons', () => {
    const cat = catalogueSchema.parse(demo());
    const outside = cat.brands.filter((b) => b.safety?.manufacturer && !inEuEea(b.safety.manufacturer.address.country));
    expect(outside.length).toBeGreaterThan(0);
    for (const b of outside) expect(inEuEea(b.safety!.responsible_person!.address.country), b.name).toBe(true);
    for (const b of cat.brands) expect(Object.keys(b.safety?.warnings ?? {}).sort()).toEqual([...LOCALE_CODES].sort());
  });

  it('refuses a product for sale without a manufacturer, naming it, and keeps the catalogue there was', async () => {
    const cat = demo();
    const victim = cat.products[7]!;
    cat.brands = cat.brands.map((b) => (b.id === victim.brand_id ? { ...b, safety: { ...b.safety, manufacturer: null } } : b));
    await expect(writeCatalogue(db, cat)).rejects.toThrow(new RegExp(`product ${victim.sku} \\(id ${victim.id}\\) .*missing manufacturer`));
    expect(await count(db)).toBe(60);
  });

  it('refuses a product whose warning is missing in one storefront language it is sold in', async () => {
    const cat: CatalogueInput = demo();
    const victim = cat.products[3]!;
    const brand = cat.brands.find((b) => b.id === victim.brand_id)!;
    const others = cat.products.filter((p) => p.brand_id === brand.id && p.id !== victim.id);
    // the brand loses its Finnish text; every product of the brand but one brings its own
    delete brand.safety!.warnings!.fi;
    for (const p of others) p.safety = { ...p.safety, warnings: { ...p.safety?.warnings, fi: 'Varoitus' } };
    const r = catalogueSchema.safeParse(cat);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(new RegExp(`^product ${victim.sku} \\(id ${victim.id}\\) .*missing safety information \\(fi\\)$`)),
    ]);
    await expect(writeCatalogue(db, cat)).rejects.toThrow(victim.sku);
    expect(await count(db)).toBe(60);
  });

  it('accepts a product that is not for sale anywhere without safety information', () => {
    const cat = demo();
    cat.products.push({ ...cat.products[0]!, id: 999, sku: 'NOT-SOLD', brand_id: null, safety: null, prices: {} });
    expect(catalogueSchema.safeParse(cat).success).toBe(true);
  });

  it('validates the fields: ISO country codes, an e-mail that is one', () => {
    const cat = demo();
    cat.brands[0]!.safety = { ...cat.brands[0]!.safety, manufacturer: { ...cat.brands[0]!.safety!.manufacturer!, email: 'nope' } };
    cat.brands[1]!.safety!.manufacturer!.address.country = 'Sweden';
    const paths = catalogueSchema.safeParse(cat).error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['brands.0.safety.manufacturer.email', 'brands.1.safety.manufacturer.address.country']));
  });

  it('stores the brand and product fields: the product page reads the override over its brand', async () => {
    const cat = catalogueSchema.parse(demo());
    const blade = cat.products.find((p) => p.safety?.warnings?.sv);
    const plain = cat.products.find((p) => !p.safety)!;
    const plainBrand = cat.brands.find((b) => b.id === plain.brand_id)!;
    const shown = await productSafetyShown(db, plain.id, 'nl');
    expect(shown).toEqual({
      manufacturer: plainBrand.safety!.manufacturer,
      responsible_person: plainBrand.safety!.responsible_person ?? null,
      warning: plainBrand.safety!.warnings!.nl,
    });
    if (blade) expect((await productSafetyShown(db, blade.id, 'sv'))!.warning).toBe(blade.safety!.warnings!.sv);
    expect(await productSafetyInfo(db, 123456)).toBeNull();
    // the build's memoized read shows the same as the read by primary key
    for (const p of [plain, ...(blade ? [blade] : [])]) {
      expect(await builtProductSafety(p.id, p.brand_id, 'fi', db)).toEqual(await productSafetyShown(db, p.id, 'fi'));
    }
  });
});
