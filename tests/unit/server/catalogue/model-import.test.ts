/**
 * The parts finder's import (docs/product/parts-finder.md#import-format): models, aliases, shared diagrams, parts
 * with positions, product numbers and supersession are written; a broken reference, a duplicate model number or a
 * supersession cycle refuses the whole file and keeps the catalogue there was. The demo meets the numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { catalogueSchema, type CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { modelBySlug, modelSearchRows, modelsOfProduct, productNumbers, supersessionMap } from '#server/catalogue/appliance-models.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { normalizeNumber } from '#lib/catalogue/model-number.ts';
import { resolveSupersession } from '#lib/catalogue/supersession.ts';

const NOW = new Date('2026-11-24T00:00:00Z');
const small = () => generateDemoCatalogue({ products: 120, now: NOW });
const modelCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('appliance_models')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
let db: Db;

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await writeCatalogue(db, small());
});
afterAll(() => db.destroy());

const refused = async (mutate: (cat: CatalogueInput) => void): Promise<string> => {
  const cat = small();
  mutate(cat);
  const before = await modelCount(db);
  const error = await writeCatalogue(db, cat).then(
    () => '',
    (e: Error) => e.message,
  );
  expect(await modelCount(db)).toBe(before);
  return error;
};

describe('the demo generator (1,000 products, as npm start seeds)', () => {
  const cat = catalogueSchema.parse(generateDemoCatalogue({ products: 1000, now: NOW }));

  it('has at least 2,000 models over all 26 brands, each with 10–60 parts placed on its diagrams', () => {
    expect(cat.models.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(cat.models.map((m) => m.brand_id)).size).toBe(26);
    for (const m of cat.models) {
      expect(m.parts.length, m.number).toBeGreaterThanOrEqual(10);
      expect(m.parts.length, m.number).toBeLessThanOrEqual(60);
      expect(m.diagrams.length).toBeGreaterThan(0);
      const nos = new Set(m.diagrams.map((d) => d.no));
      for (const part of m.parts) for (const p of part.positions) expect(nos.has(p.diagram)).toBe(true);
    }
  });

  it('names each product after a model of its brand and appliance that lists it as compatible', () => {
    const skuOf = new Map(cat.products.map((p) => [p.id, p.sku]));
    const categoryOf = new Map(cat.categories.map((c) => [c.id, c.parent_id]));
    for (const p of cat.products.slice(0, 200)) {
      const name = p.translations.sv!.name;
      const word = name.split(' ').at(-1)!;
      const model = cat.models.find((m) => m.brand_id === p.brand_id && m.number === word);
      expect(model, name).toBeDefined();
      expect(model!.category_id, name).toBe(categoryOf.get(p.categories.find((c) => c.main)!.id));
      expect(model!.parts.map((x) => x.sku)).toContain(skuOf.get(p.id));
    }
  });

  it('gives products OEM numbers, cross-references, replaced numbers and successors without cycles', () => {
    expect(cat.products.every((p) => p.oem_numbers.length > 0)).toBe(true);
    expect(cat.products.filter((p) => p.cross_references.length > 0).length).toBeGreaterThan(100);
    expect(cat.products.filter((p) => p.replaces.length > 0).length).toBeGreaterThan(50);
    const replaced = cat.products.filter((p) => p.replaced_by !== null);
    expect(replaced.length).toBeGreaterThan(10);
    const bySku = new Map(cat.products.map((p) => [p.sku, p]));
    for (const p of replaced) expect(bySku.get(p.replaced_by!)!.orderable, p.sku).toBe(true);
    expect(cat.products.some((p) => p.notifyable && !p.orderable)).toBe(true);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(generateDemoCatalogue({ products: 200, now: NOW }).models)).toBe(
      JSON.stringify(generateDemoCatalogue({ products: 200, now: NOW }).models),
    );
  });
});

describe('reading the imported models', () => {
  it('finds a model by its address word, with its diagrams (data-position callouts) and parts in position order', async () => {
    const [first] = await modelSearchRows(db, 'sv');
    const model = (await modelBySlug(db, first!.slug, 'sv'))!;
    expect(model.number).toBe(first!.number);
    expect(model.normalized).toBe(normalizeNumber(model.number));
    expect(model.applianceType.length).toBeGreaterThan(0);
    expect(model.diagrams[0]!.svg).toContain('data-position="1"');
    expect(model.diagrams[0]!.title).toBe('Sprängskiss');
    expect((await modelBySlug(db, first!.slug, 'nl'))!.diagrams[0]!.title).toBe('Explosietekening');
    expect(model.parts[0]!.positions[0]).toEqual({ diagram: 1, position: '1' });
    expect(await modelBySlug(db, 'no-such-model', 'sv')).toBeNull();
    const fits = await modelsOfProduct(db, model.parts[0]!.productId, 'sv');
    expect(fits.map((m) => m.id)).toContain(model.id);
  });

  it('keeps product numbers by kind and the supersession table, whose chains end at a product sold now', async () => {
    const numbers = await productNumbers(db, [1, 2, 3]);
    expect(numbers.get(1)!.some((n) => n.kind === 'oem')).toBe(true);
    const table = await supersessionMap(db);
    const asText = new Map([...table].map(([a, b]) => [String(a), String(b)]));
    for (const id of table.keys()) {
      const r = resolveSupersession(String(id), asText);
      expect('current' in r).toBe(true);
    }
  });
});

describe('the import refuses a bad file and writes nothing', () => {
  it('a part sku the document lacks', async () => {
    expect(
      await refused((cat) => {
        cat.models![0]!.parts[0]!.sku = 'NOPE-1';
      }),
    ).toMatch(/models\.0 .*unknown part sku NOPE-1/);
  });

  it('the same model number twice for one brand, also through an alias', async () => {
    expect(
      await refused((cat) => {
        const [a, b] = cat.models!;
        b!.brand_id = a!.brand_id;
        b!.aliases = [a!.number.toLowerCase().split('').join(' ')];
      }),
    ).toMatch(/is also models\.0/);
  });

  it('a position on a diagram the model lacks, and a diagram id the document lacks', async () => {
    const message = await refused((cat) => {
      cat.models![0]!.parts[0]!.positions = [{ diagram: 9, position: '1' }];
      cat.models![1]!.diagrams![0]!.diagram_id = 999;
    });
    expect(message).toMatch(/placed on diagram 9/);
    expect(message).toMatch(/unknown diagram_id 999/);
  });

  it('a supersession cycle, and a successor the document lacks', async () => {
    const message = await refused((cat) => {
      const [a, b, c] = cat.products;
      a!.replaced_by = b!.sku;
      b!.replaced_by = c!.sku;
      c!.replaced_by = a!.sku;
      cat.products[5]!.replaced_by = 'GONE-1';
    });
    expect(message).toMatch(/supersession cycle/);
    expect(message).toMatch(/unknown sku GONE-1/);
  });

  it('an unknown brand or appliance category', async () => {
    const message = await refused((cat) => {
      cat.models![0]!.brand_id = 999;
      cat.models![1]!.category_id = 999;
    });
    expect(message).toMatch(/unknown brand_id 999/);
    expect(message).toMatch(/unknown category_id 999/);
  });
});
