import { describe, expect, it } from 'vitest';
import { relationRows } from '#server/catalogue/accessories-import.ts';
import { catalogueSchema } from '#server/catalogue/catalogue-schema.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';

const skus = new Map([
  ['A', 1],
  ['B', 2],
  ['C', 3],
]);

describe('catalogue import: product relations', () => {
  it('turns accessories and bundles into rows with positions', () => {
    const rows = relationRows(
      skus,
      [{ product_sku: 'A', accessory_skus: ['C', 'B'] }],
      [
        {
          id: 5,
          product_sku: 'A',
          discount_percent: 10,
          lines: [
            { sku: 'A', quantity: 1 },
            { sku: 'B', quantity: 2 },
          ],
        },
      ],
    );
    expect(rows.accessories).toEqual([
      { product_id: 1, accessory_id: 3, position: 0 },
      { product_id: 1, accessory_id: 2, position: 1 },
    ]);
    expect(rows.bundles).toEqual([{ id: 5, product_id: 1, discount_percent: 10, position: 0 }]);
    expect(rows.bundleLines).toEqual([
      { bundle_id: 5, product_id: 1, quantity: 1, position: 0 },
      { bundle_id: 5, product_id: 2, quantity: 2, position: 1 },
    ]);
  });

  it('fails with every problem named: unknown skus, self-accessory, duplicates, a bundle without its product', () => {
    const run = () =>
      relationRows(
        skus,
        [
          { product_sku: 'A', accessory_skus: ['A', 'Z'] },
          { product_sku: 'A', accessory_skus: ['B', 'B'] },
        ],
        [
          {
            id: 1,
            product_sku: 'A',
            discount_percent: 10,
            lines: [
              { sku: 'B', quantity: 1 },
              { sku: 'C', quantity: 1 },
            ],
          },
          {
            id: 1,
            product_sku: 'B',
            discount_percent: 10,
            lines: [
              { sku: 'B', quantity: 1 },
              { sku: 'Q', quantity: 1 },
            ],
          },
        ],
      );
    expect(run).toThrow(/unknown sku Z/);
    expect(run).toThrow(/not its own accessory/);
    expect(run).toThrow(/A listed twice/);
    expect(run).toThrow(/an accessory listed twice/);
    expect(run).toThrow(/must include the bundle's product A/);
    expect(run).toThrow(/bundle id 1 used twice/);
    expect(run).toThrow(/unknown sku Q/);
  });

  it('the schema bounds the discount and needs two lines', () => {
    const base = { categories: [], brands: [], tags: [], products: [] };
    const bad = (b: unknown) => catalogueSchema.safeParse({ ...base, upsell_bundles: [b] }).success;
    const lines = [
      { sku: 'A', quantity: 1 },
      { sku: 'B', quantity: 1 },
    ];
    expect(bad({ id: 1, product_sku: 'A', discount_percent: 10, lines })).toBe(true);
    expect(bad({ id: 1, product_sku: 'A', discount_percent: 0, lines })).toBe(false);
    expect(bad({ id: 1, product_sku: 'A', discount_percent: 91, lines })).toBe(false);
    expect(bad({ id: 1, product_sku: 'A', discount_percent: 12.5, lines })).toBe(false);
    expect(bad({ id: 1, product_sku: 'A', discount_percent: 10, lines: lines.slice(0, 1) })).toBe(false);
  });

  it('the demo catalogue has valid relations: accessories for the same appliance, bundles of a part with a consumable', () => {
    const cat = catalogueSchema.parse(generateDemoCatalogue({ products: 300 }));
    const bySku = new Map(cat.products.map((p) => [p.sku, p]));
    expect(() => relationRows(new Map(cat.products.map((p) => [p.sku, p.id])), cat.accessories, cat.upsell_bundles)).not.toThrow();
    expect(cat.accessories.length).toBeGreaterThan(100);
    expect(cat.upsell_bundles.length).toBeGreaterThan(20);
    const parent = new Map(cat.categories.map((c) => [c.id, c.parent_id]));
    const appliance = (sku: string) => parent.get(bySku.get(sku)!.categories.find((c) => c.main)!.id);
    for (const a of cat.accessories) for (const s of a.accessory_skus) expect(appliance(s)).toBe(appliance(a.product_sku));
    for (const b of cat.upsell_bundles) {
      expect(b.lines[0].sku).toBe(b.product_sku);
      for (const l of b.lines) expect(bySku.get(l.sku)!.orderable).toBe(true);
    }
  });
});
