// `npm run backup [-- --out <folder>] [--keep <n>]`: a consistent copy of the shop's database with a manifest (docs/product/operations.md#backup-and-restore).
import { backupCommand } from '#server/cli/backup-command.ts';

process.exitCode = await backupCommand(process.argv.slice(2));
