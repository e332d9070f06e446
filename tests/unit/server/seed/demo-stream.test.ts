/**
 * The streamed demo (src/server/seed/demo-stream.ts, docs/product/catalogue.md#json-lines): the same bytes for
 * the same options, each product independent of the catalogue's size (so it is made one at a time), and a
 * catalogue the JSON Lines import accepts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoCatalogueLines } from '#server/seed/demo-stream.ts';
import { parseCatalogueLine } from '#server/catalogue/catalogue-lines.ts';
import { importCatalogueLines } from '#server/catalogue/import-lines.ts';
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';

interface ProductLine {
  id: number;
  sku: string;
  stock_status: string;
  orderable: boolean;
  categories: { id: number; main: boolean }[];
  replaced_by?: string | null;
}

const hashOf = (lines: Iterable<string>, n: number) => {
  const h = createHash('sha256');
  let i = 0;
  for (const line of lines) {
    if (i++ === n) break;
    h.update(line + '\n');
  }
  return h.digest('hex');
};

describe('streamed demo catalogue', () => {
  it('gives the same bytes for the same options, and another seed other bytes', () => {
    expect(hashOf(demoCatalogueLines({ products: 500 }), 400)).toBe(hashOf(demoCatalogueLines({ products: 500 }), 400));
    expect(hashOf(demoCatalogueLines({ products: 500, seed: 2 }), 400)).not.toBe(hashOf(demoCatalogueLines({ products: 500 }), 400));
  });

  it("gives each product its maker's OEM number, with the maker named", () => {
    const brands = new Map<number, string>();
    for (const line of demoCatalogueLines({ products: 200 })) {
      const r = JSON.parse(line) as {
        brand?: { id: number; name: string };
        product?: { brand_id: number; oem_numbers: { maker: string; number: string }[] };
      };
      if (r.brand) brands.set(r.brand.id, r.brand.name);
      if (r.product)
        expect(r.product.oem_numbers).toEqual([{ maker: brands.get(r.product.brand_id), number: expect.stringMatching(/\d{4}/) }]);
    }
  });

  it("a product does not depend on the catalogue's size", () => {
    const small = [...demoCatalogueLines({ products: 50 })];
    const large = [...demoCatalogueLines({ products: 5000 })].slice(0, small.length);
    expect(large).toEqual(small);
  });

  it('replaces most discontinued parts by an earlier orderable part of the same category', () => {
    const seen = new Map<string, { orderable: boolean; category: number }>();
    let discontinued = 0;
    let replaced = 0;
    for (const line of demoCatalogueLines({ products: 3000 })) {
      const p = (JSON.parse(line) as { product?: ProductLine }).product;
      if (!p) continue;
      if (p.stock_status === 'discontinued' && p.id > 40) discontinued++;
      if (p.replaced_by) {
        replaced++;
        const next = seen.get(p.replaced_by);
        expect(next, `${p.sku} → ${p.replaced_by}`).toMatchObject({ orderable: true, category: p.categories[0].id });
      }
      seen.set(p.sku, { orderable: p.orderable, category: p.categories[0].id });
    }
    expect(replaced / discontinued).toBeGreaterThan(0.5);
    expect(replaced / discontinued).toBeLessThan(0.85);
  });

  it('is a catalogue the JSON Lines import accepts, with every stock status', async () => {
    const lines = [...demoCatalogueLines({ products: 300 })];
    const products = lines.map((l, i) => parseCatalogueLine(l, i + 1)).flatMap((r) => (r.kind === 'product' ? [r.value] : []));
    expect(products.map((p) => p.id)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(new Set(products.map((p) => p.stock_status))).toEqual(new Set(STOCK_STATUSES));
    const { db } = openDb({ kind: 'sqlite', file: ':memory:' });
    try {
      await migrate(db);
      expect(await importCatalogueLines(db, lines)).toMatchObject({ products: 300, changed: 300 });
      // every product has its maker's number; the part-number search finds them at any size
      const kinds = await db
        .selectFrom('product_numbers')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('kind')
        .execute();
      const count = Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)]));
      expect(count.oem).toBe(300);
      expect(count.cross).toBeGreaterThan(100);
      expect(count.cross).toBeLessThan(200);
      expect(count.replaces).toBeGreaterThan(10);
      // supersession: discontinued parts replaced by an orderable part of the same kind, so old numbers find it
      const replaced = await db
        .selectFrom('product_supersessions as s')
        .innerJoin('products as o', 'o.id', 's.product_id')
        .innerJoin('products as n', 'n.id', 's.replaced_by')
        .select(['o.stock_status as old', 'n.orderable', 'n.id as next'])
        .execute();
      expect(replaced.length).toBeGreaterThan(3);
      for (const r of replaced) expect([r.old, Boolean(r.orderable)]).toEqual(['discontinued', true]);
      expect(new Set(replaced.map((r) => r.next)).size).toBeGreaterThan(1);
    } finally {
      await db.destroy();
    }
  });
});
