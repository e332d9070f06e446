// `npm run experiments -- report [--experiment <name>] [--locale <code>] [--json]`: the experiment report
// (docs/product/experiments.md#the-report) from the database of DATABASE_URL, like every script.
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { experimentsCommand } from '#server/cli/experiments-command.ts';

const { db } = openDb();
try {
  await migrate(db);
  process.exitCode = await experimentsCommand(db, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
