// `npm run outbox [-- show <id|latest> [--html] | retry <id> | deliver]`: read and resend e-mail (docs/product/emails.md).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { outboxCommand } from '#server/cli/outbox-command.ts';

const { db } = openDb();
try {
  await migrate(db);
  process.exitCode = await outboxCommand(db, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
