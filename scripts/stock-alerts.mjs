// `npm run stock-alerts [-- --sku <sku>] [--json]`: back-in-stock requests per product — confirmed ones waiting and
// unconfirmed ones (docs/product/parts-finder.md#back-in-stock).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { stockAlertsCommand } from '#server/cli/stock-alerts-command.ts';

const { db } = openDb();
try {
  await migrate(db);
  process.exitCode = await stockAlertsCommand(db, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
