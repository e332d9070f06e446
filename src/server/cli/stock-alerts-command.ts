/**
 * `npm run stock-alerts`: staff read the back-in-stock requests per product (docs/product/parts-finder.md#back-in-stock).
 *   npm run stock-alerts [-- --sku <sku>] [--json]
 * Read-only: counts, never addresses — nothing to audit.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Db } from '#server/db/connection.ts';
import { stockAlertCounts } from '#server/catalogue/stock-alerts.ts';

export const STOCK_ALERTS_USAGE = 'usage: npm run stock-alerts [-- --sku <sku>] [--json]';

const Options = z.object({ sku: z.string().trim().min(1).max(80).optional(), json: z.boolean().optional() });

export async function stockAlertsCommand(db: Db, args: string[], print: (s: string) => void = console.log): Promise<number> {
  let values;
  try {
    values = parseArgs({ args, options: { sku: { type: 'string' }, json: { type: 'boolean' } } }).values;
  } catch (err) {
    return (print(`${err instanceof Error ? err.message : err}\n${STOCK_ALERTS_USAGE}`), 2);
  }
  const options = Options.safeParse(values);
  if (!options.success) return (print(STOCK_ALERTS_USAGE), 2);
  let productIds: number[] | undefined;
  if (options.data.sku) {
    const p = await db.selectFrom('products').select('id').where('sku', '=', options.data.sku).executeTakeFirst();
    if (!p) return (print(`no product ${options.data.sku}`), 1);
    productIds = [p.id];
  }
  const rows = await stockAlertCounts(db, { productIds });
  if (options.data.json) return (print(JSON.stringify(rows, null, 2)), 0);
  if (rows.length === 0) return (print('no back-in-stock requests waiting'), 0);
  const skuWidth = Math.max(3, ...rows.map((r) => r.sku.length));
  print(`${'sku'.padEnd(skuWidth)}  waiting  pending  name`);
  for (const r of rows) print(`${r.sku.padEnd(skuWidth)}  ${String(r.waiting).padStart(7)}  ${String(r.pending).padStart(7)}  ${r.name}`);
  print(`${rows.reduce((n, r) => n + r.waiting, 0)} waiting, ${rows.reduce((n, r) => n + r.pending, 0)} not confirmed`);
  return 0;
}
