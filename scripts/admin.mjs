// `npm run admin -- create-owner <email> [--force] [--sv]`: invite the back office's first owner
// (docs/product/back-office.md#the-first-owner). Database from DATABASE_URL like every script.
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { adminCommand } from '#server/cli/admin-command.ts';

const { db } = openDb();
try {
  await migrate(db);
  process.exitCode = await adminCommand(db, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
