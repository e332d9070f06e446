// `npm run dev`: migrate + seed if empty, then `astro dev` (the storefronts integration maps the five hosts).
// Outside production the provider sandbox runs in this process as with `npm start` (sandbox/README.md): astro dev
// inherits PARTSFRONT_SANDBOX_URL, and Adyen's sandbox webhook points at the dev server.
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import { spawn } from 'node:child_process';
import { runDbCommand } from '#server/cli/db-command.ts';

await runDbCommand('seed', ['--if-empty']).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

const args = process.argv.slice(2);
// astro's `--port N` is also the port of the public links (return URLs, the webhook): siteSettings() reads PORT.
const at = args.findIndex((a) => a === '--port' || a.startsWith('--port='));
const port = at < 0 ? undefined : args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
if (port) process.env.PORT = port;

// Same rule as `npm start`: not in production or with PARTSFRONT_SANDBOX=off; PARTSFRONT_SANDBOX_URL set = use that one.
if (process.env.NODE_ENV !== 'production' && process.env.PARTSFRONT_SANDBOX !== 'off') {
  const { startSandboxForShop } = await import('#sandbox/in-process.ts');
  await startSandboxForShop();
}

// Outside production a random operator token for this run, printed (docs/product/api.md#operator-orders).
{
  const demo = await import('#server/cli/demo-operator-token.ts');
  demo.ensureDemoOperatorToken();
  demo.ensureDemoRebuildToken(); // the studio's widget and deal publishes rebuild the demo (docs/product/content-studio.md)
}
const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', ...args], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));

// What the server registers at start (src/host/index.ts): the sandbox only stores the URL, so the dev server need not be up yet.
const { registerSandboxWebhook } = await import('#server/payments/sandbox-webhook.ts');
await registerSandboxWebhook();
