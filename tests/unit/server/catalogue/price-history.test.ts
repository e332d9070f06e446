/**
 * Price history (docs/adr/0022-prior-price.md) on a small catalogue in SQLite: what the import and the operator's
 * price update record, and the prior prices read back from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { updateProduct } from '#server/catalogue/product-updates.ts';
import { priorPricesOf } from '#server/catalogue/price-history.ts';

let db: Db;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const campaign = { n: [{ q: 1, p: 1359 }], c: [{ q: 1, p: 949, o: 1359, d: 30 }] };

// every product for sale carries complete safety information (the import refuses it otherwise, docs/product/legal.md)
const safety = {
  manufacturer: {
    name: 'Tillverkare AB',
    address: { street: 'Gatan 1', postal_code: '111 11', city: 'Stockholm', country: 'SE' },
    email: 'a@b.example',
  },
  warnings: { sv: 'Varning' },
};

type ProductInput = CatalogueInput['products'][number];
const product = (id: number, extra: Pick<ProductInput, 'prices'> & Partial<ProductInput>): ProductInput => ({
  id,
  sku: `P-${id}`,
  brand_id: null,
  stock_status: 'in-stock' as const,
  categories: [{ id: 1, main: true }],
  translations: { sv: { name: `Produkt ${id}`, slug: `produkt-${id}` } },
  safety,
  ...extra,
});
const catalogue = (): CatalogueInput => ({
  categories: [{ id: 1, parent_id: null, translations: { sv: { name: 'Filter', slug: 'filter' } } }],
  brands: [],
  tags: [],
  products: [
    // a campaign with its history: 1 359 for months, 949 for two weeks
    product(1, {
      prices: { sv: { prices: campaign, vat: 25 } },
      price_history: {
        sv: [
          { at: ago(90), p: 1359 },
          { at: ago(14), p: 949 },
        ],
      },
    }),
    // a campaign without history: no reduction may be announced
    product(2, { prices: { sv: { prices: campaign, vat: 25 } } }),
    product(3, { prices: { sv: { prices: { n: [{ q: 1, p: 499 }] }, vat: 25 } } }),
  ],
});

const history = (productId: number) =>
  db.selectFrom('price_history').where('product_id', '=', productId).select(['q', 'minor', 'reason']).orderBy('at').execute();

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await writeCatalogue(db, catalogue());
});
afterAll(async () => {
  await db.destroy();
});

describe('price history', () => {
  it('the import records the given history and each current price not yet recorded', async () => {
    expect(await history(1)).toEqual([
      { q: 1, minor: 135_900, reason: 'import' },
      { q: 1, minor: 94_900, reason: 'import' },
    ]);
    expect(await history(2)).toEqual([{ q: 1, minor: 94_900, reason: 'import' }]);
    expect(await history(3)).toEqual([{ q: 1, minor: 49_900, reason: 'import' }]);
  });

  it('a re-import of unchanged prices records nothing more', async () => {
    const { price_history: _, ...withoutHistory } = catalogue().products[0]!;
    await writeCatalogue(db, { ...catalogue(), products: [withoutHistory, ...catalogue().products.slice(1)] });
    expect(await history(1)).toHaveLength(2);
    expect(await history(3)).toHaveLength(1);
  });

  it('prior prices: the campaign with history has one, the one without has none', async () => {
    const priors = await priorPricesOf(db, 'sv', [1, 2, 3]);
    expect(priors.get(1)?.[1]?.minor).toBe(135_900);
    expect(priors.has(2)).toBe(false);
    expect(priors.has(3)).toBe(false);
  });

  it("the operator's price update is recorded, and a later reduction's prior price follows from it", async () => {
    await updateProduct(db, 'sv', 'P-3', { prices: { n: [{ q: 1, p: 399 }] }, changed_by: 'test' });
    expect(await history(3)).toEqual([
      { q: 1, minor: 49_900, reason: 'import' },
      { q: 1, minor: 39_900, reason: 'operator' },
    ]);
    expect((await priorPricesOf(db, 'sv', [3])).get(3)?.[1]?.minor).toBe(49_900);
    // a stock change is no price change
    await updateProduct(db, 'sv', 'P-3', { stock_quantity: 3, changed_by: 'test' });
    expect(await history(3)).toHaveLength(2);
  });

  it('refuses a history point with a bad time or price', async () => {
    const bad = catalogue();
    (bad.products[0] as { price_history: unknown }).price_history = { sv: [{ at: 'yesterday', p: 1 }] };
    await expect(writeCatalogue(db, bad)).rejects.toThrow(/price_history/);
    (bad.products[0] as { price_history: unknown }).price_history = { sv: [{ at: ago(1), p: 1.001 }] };
    await expect(writeCatalogue(db, bad)).rejects.toThrow(/price_history/);
  });
});
