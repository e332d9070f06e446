// `npm run newsletter -- send --locale sv --subject "…" --text-file news.txt [--html-file news.html] [--campaign id] [--dry-run]`:
// queue a newsletter for one storefront's consenting customers (docs/product/emails.md#sending-a-newsletter).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { newsletterCommand } from '#server/cli/newsletter-command.ts';

const { db } = openDb();
try {
  await migrate(db);
  process.exitCode = await newsletterCommand(db, process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
