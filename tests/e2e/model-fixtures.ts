/** Demo models for the parts-finder specs (docs/product/parts-finder.md), read from the test build's database. */
import { openDb } from '#server/db/connection.ts';
import { TEST_SQLITE_FILE } from '#tests/support/test-env.ts';

export interface Position7Target {
  slug: string;
  number: string;
  diagram: number;
  productId: number;
  sku: string;
  /** The part's sv name. */
  name: string;
}

/**
 * The first model (by id) whose diagram has position 7 held by exactly one part that is in stock, without
 * variations; `accept` narrows the models further.
 */
export async function modelWithPosition7(accept: (t: Position7Target) => boolean = () => true): Promise<Position7Target> {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const rows = await db
      .selectFrom('model_parts as mp')
      .innerJoin('appliance_models as m', 'm.id', 'mp.model_id')
      .innerJoin('products as p', 'p.id', 'mp.product_id')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .select([
        'm.id as model',
        'm.slug',
        'm.number',
        'mp.diagram_no',
        'p.id',
        'p.sku',
        't.name',
        'p.orderable',
        'p.stock_status',
        'p.stock_quantity',
        'p.variations',
      ])
      .where('mp.position', '=', '7')
      .orderBy('m.id')
      .execute();
    const held = Map.groupBy(rows, (r) => `${r.model}:${r.diagram_no}`);
    const row = rows.find(
      (r) =>
        held.get(`${r.model}:${r.diagram_no}`)!.length === 1 &&
        Boolean(r.orderable) &&
        r.stock_status === 'in-stock' &&
        r.stock_quantity >= 5 &&
        (JSON.parse(String(r.variations ?? '[]')) as unknown[]).length === 0 &&
        accept({ slug: r.slug, number: r.number, diagram: r.diagram_no, productId: r.id, sku: r.sku, name: r.name }),
    );
    if (!row) throw new Error('no demo model has position 7 held by one orderable part');
    return { slug: row.slug, number: row.number, diagram: row.diagram_no, productId: row.id, sku: row.sku, name: row.name };
  } finally {
    await db.destroy();
  }
}
