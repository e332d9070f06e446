// `npm run dev`: migrate + seed if empty, then `astro dev` (the storefronts integration maps the five hosts).
import { spawn } from 'node:child_process';
import { runDbCommand } from '#server/db/db-commands.ts';

await runDbCommand('seed', ['--if-empty']);
const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
