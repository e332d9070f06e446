// npm run db:migrate | db:seed [-- --products 50000 --models 20000] | import -- file.json|file.jsonl [--delta] | export-demo --products N out.jsonl
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { runDbCommand } from '#server/cli/db-command.ts';

const [command = 'migrate', ...args] = process.argv.slice(2);
runDbCommand(command, args).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
