/**
 * The part-number lookup of a catalogue version (docs/product/search.md#part-numbers): every OEM number,
 * cross-reference and replaced old number, plus the sku of every superseded product, with the supersession
 * table. Numbers are the same in every storefront, so one lookup serves all of them; it is rebuilt when the
 * search index's catalogue version changes (the import writes numbers and products in one transaction).
 */
import type { Db } from '#server/db/connection.ts';
import { processCache } from '#server/cache/process-cache.ts';
import { numberLookup, NumberLookupBuilder, type NumberLookup } from '#lib/catalogue/part-number-lookup.ts';
import { supersessionMap } from '#server/catalogue/appliance-models.ts';

interface Slot {
  version: string;
  lookup: Promise<NumberLookup>;
}
const slots = processCache('part-number-lookup.v1', () => new WeakMap<Db, Slot>());

/** Numbers per read: node:sqlite is synchronous, so the load yields to requests between reads. */
const NUMBERS_PER_READ = 20_000;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every number of the catalogue, read a range of products at a time into the builder's columns. */
export async function loadNumberLookup(db: Db): Promise<NumberLookup> {
  const [replacedBy, superseded, top] = await Promise.all([
    supersessionMap(db),
    db.selectFrom('product_supersessions as s').innerJoin('products as p', 'p.id', 's.product_id').select(['p.id', 'p.sku']).execute(),
    db
      .selectFrom('product_numbers')
      .select((eb) => eb.fn.max('product_id').as('m'))
      .executeTakeFirst(),
  ]);
  const builder = new NumberLookupBuilder();
  const last = Number(top?.m ?? 0);
  for (let from = 0; from < last; from += NUMBERS_PER_READ) {
    const rows = await db
      .selectFrom('product_numbers')
      .select(['product_id', 'kind', 'maker', 'number'])
      .where('product_id', '>', from)
      .where('product_id', '<=', from + NUMBERS_PER_READ)
      .orderBy('product_id')
      .execute();
    for (const r of rows) builder.add({ productId: r.product_id, kind: r.kind, maker: r.maker, number: r.number });
    await yieldToRequests();
  }
  for (const s of superseded) builder.add({ productId: s.id, kind: 'sku', maker: null, number: s.sku });
  return builder.finish(replacedBy);
}

/**
 * What a query that cannot name a number needs of the lookup: only the supersessions (which product replaces which,
 * for the results' successors), a few rows. The numbers themselves — about 1.65 million at 1,000,000 products, 8–10 s
 * to load — are then not waited for (the first search after a start need not pay for them); once the full lookup of
 * this version is loaded it serves both.
 */
const successionSlots = processCache('part-number-successions.v1', () => new WeakMap<Db, Slot>());
export function successionLookupFor(db: Db, version: string): Promise<NumberLookup> {
  const full = slots.get(db);
  if (full && full.version === version) return full.lookup;
  const slot = successionSlots.get(db);
  if (slot && slot.version === version) return slot.lookup;
  const lookup = supersessionMap(db).then((replacedBy) => numberLookup([], replacedBy));
  successionSlots.set(db, { version, lookup });
  lookup.catch(() => {
    if (successionSlots.get(db)?.lookup === lookup) successionSlots.delete(db);
  });
  return lookup;
}

/** The lookup for this catalogue version (the search index's), built once per version and database. */
export function numberLookupFor(db: Db, version: string): Promise<NumberLookup> {
  const slot = slots.get(db);
  if (slot && slot.version === version) return slot.lookup;
  const lookup = loadNumberLookup(db);
  slots.set(db, { version, lookup });
  // a failed read is tried again on the next search
  lookup.catch(() => {
    if (slots.get(db)?.lookup === lookup) slots.delete(db);
  });
  return lookup;
}
