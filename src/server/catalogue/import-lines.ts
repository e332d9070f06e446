/**
 * The streamed JSON Lines import (docs/product/catalogue.md#json-lines): records are validated as they are read
 * and written in batches inside ONE transaction, so a bad line anywhere rolls back everything and is named.
 * Memory holds one batch of products plus compact maps (id → line, sku → id) for the cross-checks, never the catalogue.
 *
 * Full mode replaces the catalogue like the JSON document does (write-catalogue.ts). Delta mode leaves products
 * absent from the file alone, writes only products whose rows differ from the stored ones, and records each
 * changed batch in the change feed so incremental pages follow (docs/adr/0017-incremental-pages.md).
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import { productSafetyProblem, type Catalogue } from './catalogue-schema.ts';
import { relationRows } from './accessories-import.ts';
import { modelRows, type ProductNumbersDocument } from './model-import.ts';
import { sanitizeDiagramSvg } from './diagram-sanitizer.ts';
import { CatalogueLineError, listOf, numberedRecords, readCatalogueLines, type NumberedRecord } from './catalogue-lines.ts';
import {
  BATCH,
  importBatch,
  clearCatalogue,
  insertProductBatch,
  insertTaxonomy,
  insertTrailing,
  nameLookups,
  productBatchRows,
  writePriceHistory,
  type NameLookups,
  type ProductBatchRows,
  type ProductRecord,
  type TrailingRecords,
  type Trx,
} from './catalogue-writer.ts';
import { recordChange } from './change-feed.ts';
import { deferSlugIndex, restoreSlugIndex } from './deferred-slug-index.ts';
import { productTag } from './page-tags.ts';
import type { WriteSummary } from './write-catalogue.ts';

export interface LinesImportOptions {
  /** Change only the products in the file that differ; keep everything else. */
  delta?: boolean;
  /** Bytes read of the file's size (a file only; lines made on the fly report their own progress). */
  onProgress?: (read: number, total: number) => void;
  /** Who the change feed names for a delta's changes. */
  changedBy?: string;
}

export interface LinesImportSummary extends WriteSummary {
  /** Delta mode: products written (new or different); full mode: every product. */
  changed: number;
  /** Delta mode: products in the file that were new. */
  added: number;
}

type Numbered<T> = { line: number; value: T };
type Brand = Catalogue['brands'][number];

/** What every product line is checked against: the taxonomy before it and the ids and skus seen so far. */
interface ProductChecks {
  names: NameLookups;
  brandSafety: Map<number, Brand['safety']>;
  categoryIds: Set<number>;
  tagIds: Set<number>;
  /** Product id → its line. */
  ids: Map<number, number>;
  skuToId: Map<string, number>;
}

function checkProduct(c: ProductChecks, line: number, p: ProductRecord): void {
  const fail = (message: string) => {
    throw new CatalogueLineError(line, `products: ${message}`);
  };
  if (c.ids.has(p.id)) fail(`id ${p.id} used twice`);
  if (c.skuToId.has(p.sku)) fail(`sku ${p.sku} used twice`);
  if (p.brand_id !== null && !c.brandSafety.has(p.brand_id)) fail(`${p.sku}: unknown brand_id ${p.brand_id}`);
  for (const cat of p.categories) if (!c.categoryIds.has(cat.id)) fail(`${p.sku}: unknown category ${cat.id}`);
  for (const tag of p.tags) if (!c.tagIds.has(tag)) fail(`${p.sku}: unknown tag ${tag}`);
  const safety = productSafetyProblem(p, c.brandSafety.get(p.brand_id ?? -1));
  if (safety) fail(safety);
  c.ids.set(p.id, line);
  c.skuToId.set(p.sku, p.id);
}

/** A database refusal of a batch (e.g. a slug used twice in a storefront) names the batch's lines. */
async function forLines<T>(batch: readonly Numbered<unknown>[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof CatalogueLineError) throw err;
    const first = batch[0]?.line ?? 0;
    const last = batch.at(-1)?.line ?? first;
    const message = err instanceof Error ? err.message : String(err);
    throw new CatalogueLineError(first, `${last > first ? `(to line ${last}) ` : ''}the database refused a product: ${message}`);
  }
}

/**
 * Imports a JSON Lines catalogue: a file, or lines made on the fly (the streamed demo, demo-stream.ts); throws
 * (and writes nothing) on the first bad line.
 */
export async function importCatalogueLines(
  db: Db,
  source: string | Iterable<string> | AsyncIterable<string>,
  options: LinesImportOptions = {},
): Promise<LinesImportSummary> {
  const lines = typeof source === 'string' ? readCatalogueLines(source, options.onProgress) : numberedRecords(source);
  const summary = await db.transaction().execute((trx) => (options.delta ? deltaImport(trx, lines, options) : fullImport(trx, lines)));
  // fresh planner statistics, as after the JSON import (write-catalogue.ts)
  await sql`ANALYZE`.execute(db);
  return summary;
}

async function fullImport(trx: Trx, lines: AsyncIterable<NumberedRecord>): Promise<LinesImportSummary> {
  const now = new Date().toISOString();
  const head: Pick<Catalogue, 'categories' | 'brands' | 'tags'> = { categories: [], brands: [], tags: [] };
  const tail: TrailingRecords & Pick<Catalogue, 'accessories' | 'upsell_bundles' | 'models' | 'diagrams'> = {
    content_pages: [],
    widgets: [],
    deals: [],
    search_triggers: [],
    coupons: [],
    accessories: [],
    upsell_bundles: [],
    models: [],
    diagrams: [],
  };
  /** Only the products naming a successor: checked at the end, when every sku is known. */
  const successors: ProductNumbersDocument[] = [];
  /** The ids of each taxonomy kind seen, to name a second use of one by its line. */
  const headIds = { category: new Set<number>(), brand: new Set<number>(), tag: new Set<number>() };
  let checks: ProductChecks | null = null;
  let batch: Numbered<ProductRecord>[] = [];
  let imageId = 1;
  let products = 0;

  const startProducts = async (): Promise<ProductChecks> => {
    await insertTaxonomy(trx, head.categories, head.brands, head.tags);
    return {
      names: nameLookups(head.categories, head.brands),
      brandSafety: new Map(head.brands.map((b) => [b.id, b.safety])),
      categoryIds: new Set(head.categories.map((c) => c.id)),
      tagIds: new Set(head.tags.map((t) => t.id)),
      ids: new Map(),
      skuToId: new Map(),
    };
  };
  /**
   * The batch being written while the next one is read and checked (on PostgreSQL the server's work of one overlaps
   * the import's parsing of the next, docs/adr/0038-postgres-copy-import.md). One at a time: a connection runs one
   * statement at a time anyway, and a refusal then names its own batch's lines.
   */
  let writing: Promise<void> = Promise.resolve();
  const batchSize = importBatch(trx);
  const flush = async (c: ProductChecks) => {
    await writing;
    const numbered = batch;
    batch = [];
    const chunk = numbered.map((b) => b.value);
    const rows = productBatchRows(chunk, c.names, now);
    const firstImage = imageId;
    imageId += rows.images.length;
    writing = forLines(numbered, async () => {
      await insertProductBatch(trx, rows, firstImage, true);
      await writePriceHistory(trx, chunk, now);
    });
    writing.catch(() => {}); // awaited by the next flush, or drained below before the error that ends the loop
    products += chunk.length;
  };

  const slugIndex = await deferSlugIndex(trx);
  await clearCatalogue(trx);
  async function readProducts(): Promise<ProductChecks> {
    for await (const { line, record } of lines) {
      switch (record.kind) {
        case 'category':
        case 'brand':
        case 'tag':
          if (checks) throw new CatalogueLineError(line, `${record.kind} records come before the first product`);
          if (headIds[record.kind].has(record.value.id))
            throw new CatalogueLineError(line, `${listOf(record.kind)}: id ${record.value.id} used twice`);
          headIds[record.kind].add(record.value.id);
          (head[listOf(record.kind) as 'categories' | 'brands' | 'tags'] as unknown[]).push(record.value);
          break;
        case 'product': {
          checks ??= await startProducts();
          const p = record.value;
          checkProduct(checks, line, p);
          if (p.replaced_by !== null)
            successors.push({ id: p.id, sku: p.sku, oem_numbers: [], cross_references: [], replaces: [], replaced_by: p.replaced_by });
          batch.push({ line, value: p });
          if (batch.length === batchSize) await flush(checks);
          break;
        }
        default:
          (tail[listOf(record.kind) as keyof typeof tail] as unknown[]).push(record.value);
      }
    }
    checks ??= await startProducts();
    if (batch.length) await flush(checks);
    return checks;
  }
  let done: ProductChecks;
  try {
    done = await readProducts();
  } catch (err) {
    // no statement of a batch may follow the rollback: it would run outside the transaction
    await writing.catch(() => {});
    throw err;
  }
  await writing;
  const { ids, skuToId } = done;
  if (slugIndex) await restoreSlugIndex(trx, slugIndex, (id) => ids.get(id));
  const relations = relationRows(skuToId, tail.accessories, tail.upsell_bundles);
  const parts = modelRows({ ...head, ...tail, products: successors, skuToId }, sanitizeDiagramSvg);
  await insertTrailing(trx, tail, relations, parts, now);
  return {
    categories: head.categories.length,
    brands: head.brands.length,
    tags: head.tags.length,
    products,
    content_pages: tail.content_pages.length,
    models: tail.models.length,
    changed: products,
    added: products,
  };
}

/** The checks of a delta: the stored taxonomy; ids and skus of the file (the stored ones are checked per batch). */
async function storedChecks(trx: Trx): Promise<ProductChecks> {
  const brands = await trx.selectFrom('brands').select(['id', 'name', 'safety']).execute();
  const categories = await trx.selectFrom('category_translations').select(['category_id', 'locale', 'name']).execute();
  const tags = await trx.selectFrom('tags').select('id').execute();
  const categoryNames = new Map<number, Record<string, string>>();
  for (const c of categories) categoryNames.set(c.category_id, { ...categoryNames.get(c.category_id), [c.locale]: c.name });
  const categoryIds = await trx.selectFrom('categories').select('id').execute();
  return {
    names: { brandName: new Map(brands.map((b) => [b.id, b.name])), categoryNames },
    brandSafety: new Map(brands.map((b) => [b.id, b.safety ? (JSON.parse(b.safety) as Brand['safety']) : null])),
    categoryIds: new Set(categoryIds.map((c) => c.id)),
    tagIds: new Set(tags.map((t) => t.id)),
    ids: new Map(),
    skuToId: new Map(),
  };
}

/** A row as compared: without its own id and write time, numbers as numbers, keys in order. */
function canonical(row: object): string {
  const entries = Object.entries(row)
    .filter(([k]) => k !== 'id' && k !== 'updated_at')
    .map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** Each product's rows as one comparable string: the same for what is stored and what a line would store. */
function snapshots(
  rows: Omit<ProductBatchRows, 'images'> & { images: object[] },
  replacedBy: Map<number, string | null>,
): Map<number, string> {
  const tables = [rows.translations, rows.prices, rows.categories, rows.tags, rows.images, rows.numbers] as readonly object[][];
  /** `table:product id` → canonical rows */
  const lists = new Map<string, string[]>();
  tables.forEach((table, i) => {
    for (const row of table) {
      const key = `${i}:${Number((row as { product_id: number }).product_id)}`;
      const list = lists.get(key);
      if (list) list.push(canonical(row));
      else lists.set(key, [canonical(row)]);
    }
  });
  const out = new Map<number, string>();
  for (const p of rows.products) {
    const id = Number(p.id);
    const children = tables.map((_, i) => (lists.get(`${i}:${id}`) ?? []).sort());
    out.set(id, JSON.stringify([canonical(p), ...children, replacedBy.get(id) ?? null]));
  }
  return out;
}

/** The children rows a product is rewritten with when it changed (the product row itself is updated). */
const CHILD_TABLES = [
  'product_translations',
  'product_prices',
  'product_categories',
  'product_tags',
  'product_images',
  'product_numbers',
  'product_supersessions',
] as const;

async function storedSnapshots(trx: Trx, ids: number[]): Promise<Map<number, string>> {
  const of = (table: (typeof CHILD_TABLES)[number]) =>
    trx
      .selectFrom(table as 'product_tags')
      .where('product_id', 'in', ids)
      .selectAll()
      .execute() as Promise<object[]>;
  const [products, translations, prices, categories, tags, images, numbers, supersessions] = await Promise.all([
    trx.selectFrom('products').where('id', 'in', ids).selectAll().execute(),
    of('product_translations'),
    of('product_prices'),
    of('product_categories'),
    of('product_tags'),
    of('product_images'),
    of('product_numbers'),
    trx
      .selectFrom('product_supersessions as s')
      .innerJoin('products as n', 'n.id', 's.replaced_by')
      .where('s.product_id', 'in', ids)
      .select(['s.product_id', 'n.sku'])
      .execute(),
  ]);
  const replacedBy = new Map(supersessions.map((s) => [Number(s.product_id), s.sku]));
  return snapshots({ products, translations, prices, categories, tags, images, numbers } as unknown as ProductBatchRows, replacedBy);
}

async function deltaImport(trx: Trx, lines: AsyncIterable<NumberedRecord>, options: LinesImportOptions): Promise<LinesImportSummary> {
  const now = new Date().toISOString();
  const checks = await storedChecks(trx);
  const maxImage = await trx
    .selectFrom('product_images')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  let imageId = Number(maxImage?.max ?? 0) + 1;
  /** Changed products naming a successor: resolved at the end (the successor may come later in the file). */
  const successors: Numbered<{ id: number; sku: string; replaced_by: string }>[] = [];
  let batch: Numbered<ProductRecord>[] = [];
  let products = 0;
  let changed = 0;
  let added = 0;

  const flush = async () => {
    const chunk = batch.map((b) => b.value);
    const ids = chunk.map((p) => p.id);
    // a sku of the file held by another stored product would break the unique sku: name its line
    const holders = await trx
      .selectFrom('products')
      .where(
        'sku',
        'in',
        chunk.map((p) => p.sku),
      )
      .select(['id', 'sku'])
      .execute();
    for (const h of holders) {
      const b = batch.find((x) => x.value.sku === h.sku)!;
      if (Number(h.id) !== b.value.id) throw new CatalogueLineError(b.line, `products: sku ${h.sku} belongs to the stored product ${h.id}`);
    }
    const stored = await storedSnapshots(trx, ids);
    const rows = productBatchRows(chunk, checks.names, now);
    const incoming = snapshots(rows, new Map(chunk.map((p) => [p.id, p.replaced_by])));
    const differs = new Set(ids.filter((id) => stored.get(id) !== incoming.get(id)));
    products += chunk.length;
    batch = batch.filter((b) => differs.has(b.value.id));
    if (differs.size === 0) return;
    const existing = ids.filter((id) => differs.has(id) && stored.has(id));
    const changedIds = [...differs];
    await forLines(batch, async () => {
      if (existing.length)
        for (const table of CHILD_TABLES)
          await trx
            .deleteFrom(table as 'product_tags')
            .where('product_id', 'in', existing)
            .execute();
      const only = <R extends { product_id: number }>(list: R[]) => list.filter((r) => differs.has(r.product_id));
      const changedRows: ProductBatchRows = {
        products: rows.products.filter((p) => differs.has(p.id) && !stored.has(p.id)),
        translations: only(rows.translations),
        prices: only(rows.prices),
        categories: only(rows.categories),
        tags: only(rows.tags),
        images: only(rows.images),
        numbers: only(rows.numbers),
      };
      for (const p of rows.products) if (existing.includes(p.id)) await trx.updateTable('products').set(p).where('id', '=', p.id).execute();
      imageId = await insertProductBatch(trx, changedRows, imageId, true);
    });
    await writePriceHistory(
      trx,
      batch.map((b) => b.value),
      now,
    );
    for (const b of batch)
      if (b.value.replaced_by !== null)
        successors.push({ line: b.line, value: { id: b.value.id, sku: b.value.sku, replaced_by: b.value.replaced_by } });
    // the same change-feed path as an operator's product update (product-updates.ts): every storefront's pages
    await recordChange(trx, { tags: changedIds.map(productTag), locales: [], reason: 'import', changedBy: options.changedBy ?? 'import' });
    changed += changedIds.length;
    added += changedIds.length - existing.length;
    batch = [];
  };

  for await (const { line, record } of lines) {
    if (record.kind !== 'product') throw new CatalogueLineError(line, `a delta import carries only product records, not ${record.kind}`);
    checkProduct(checks, line, record.value);
    batch.push({ line, value: record.value });
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();

  for (let i = 0; i < successors.length; i += BATCH) {
    const part = successors.slice(i, i + BATCH);
    const found = await trx
      .selectFrom('products')
      .where(
        'sku',
        'in',
        part.map((s) => s.value.replaced_by),
      )
      .select(['id', 'sku'])
      .execute();
    const idOf = new Map(found.map((f) => [f.sku, Number(f.id)]));
    const rows = part.map(({ line, value }) => {
      const successor = idOf.get(value.replaced_by);
      if (successor === undefined)
        throw new CatalogueLineError(line, `products ${value.sku}: replaced_by names an unknown sku ${value.replaced_by}`);
      if (successor === value.id) throw new CatalogueLineError(line, `products ${value.sku}: a product does not replace itself`);
      return { product_id: value.id, replaced_by: successor };
    });
    await trx.insertInto('product_supersessions').values(rows).execute();
  }
  if (changed > 0) {
    // The newest product's id and stamp are the catalogue's version, which the running servers' listing and
    // search indexes reload on (listing-index.ts, docs/product/search.md#index-freshness-and-caching): new
    // products and changed names reach them too, not only the prices and stock the change feed updates in place.
    const newest = await trx.selectFrom('products').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await trx.updateTable('products').set({ updated_at: now }).where('id', '=', newest.id).execute();
  }
  return { categories: 0, brands: 0, tags: 0, products, content_pages: 0, models: 0, changed, added };
}
