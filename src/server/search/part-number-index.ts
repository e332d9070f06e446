/**
 * The part-number lookup of a catalogue version (docs/product/search.md#part-numbers): every OEM number,
 * cross-reference and replaced old number, plus the sku of every superseded product, with the supersession
 * table. Numbers are the same in every storefront, so one lookup serves all of them; it is rebuilt when the
 * search index's catalogue version changes (the import writes numbers and products in one transaction).
 */
import type { Db } from '#server/db/connection.ts';
import { processCache } from '#server/cache/process-cache.ts';
import { numberLookup, type NumberLookup, type NumberRow } from '#lib/catalogue/part-number-lookup.ts';
import { supersessionMap } from '#server/catalogue/appliance-models.ts';

interface Slot {
  version: string;
  lookup: Promise<NumberLookup>;
}
const slots = processCache('part-number-lookup.v1', () => new WeakMap<Db, Slot>());

export async function loadNumberLookup(db: Db): Promise<NumberLookup> {
  const [numbers, replacedBy, superseded] = await Promise.all([
    db.selectFrom('product_numbers').select(['product_id', 'kind', 'maker', 'number']).execute(),
    supersessionMap(db),
    db.selectFrom('product_supersessions as s').innerJoin('products as p', 'p.id', 's.product_id').select(['p.id', 'p.sku']).execute(),
  ]);
  const rows: NumberRow[] = numbers.map((r) => ({ productId: r.product_id, kind: r.kind, maker: r.maker, number: r.number }));
  for (const s of superseded) rows.push({ productId: s.id, kind: 'sku', maker: null, number: s.sku });
  return numberLookup(rows, replacedBy);
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
