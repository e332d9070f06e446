// `npm run backup [-- --out <folder>] [--keep <n>]`: a consistent copy of the shop's database with a manifest (docs/product/operations.md#backup-and-restore).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { backupCommand } from '#server/cli/backup-command.ts';

process.exitCode = await backupCommand(process.argv.slice(2));
