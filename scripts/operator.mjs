// `npm run operator -- <show|pick|ship|deliver> <order number> [...]`: move an order along from a shell
// (docs/product/fulfilment.md#operator-access), through the same service as POST /api/operator/orders/{number}/{action}.
// Database from DATABASE_URL like every script; payment and shipping providers from their variables (outside
// production the sandbox at PARTSFRONT_SANDBOX_URL, default 127.0.0.1:4330, as `npm start` runs it).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { operatorCommand } from '#server/cli/operator-command.ts';

const { db } = openDb();
try {
  await migrate(db);
  process.exitCode = await operatorCommand(db, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
