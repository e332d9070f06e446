// `npm run restore -- --file <backup> | --latest`: puts a backup back into the database of DATABASE_URL (docs/product/operations.md#backup-and-restore).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { restoreCommand } from '#server/cli/restore-command.ts';

process.exitCode = await restoreCommand(process.argv.slice(2));
