// `npm start`: migrate, seed the demo catalogue when the database is empty, build when there is no build
// (or it was built for other public origins), then serve all five storefronts (and, outside production, the
// provider sandbox: sandbox/README.md).
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import fs from 'node:fs';
import path from 'node:path';
import { runDbCommand } from '#server/cli/db-command.ts';
import { currentBuildDir } from '#builds/build-dir.ts';
import { runAstroBuild } from '#builds/astro-build.ts';
import { siteSettings } from '#server/market/site-settings.ts';

process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
if (process.argv.includes('--verbose')) process.env.PARTSFRONT_BUILD_LOG = 'pages';
await runDbCommand('seed', ['--if-empty']).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

const dir = currentBuildDir();
const infoFile = path.join(dir, 'build-info.json');
const origins = JSON.stringify(siteSettings().origins);
let built;
try {
  built = fs.existsSync(path.join(dir, 'server', 'entry.mjs')) && JSON.parse(fs.readFileSync(infoFile, 'utf8')).origins === origins;
} catch {
  built = false;
}
if (!built) {
  console.log(`building the storefronts into ${path.relative(process.cwd(), dir)} …`);
  // One progress line for the pages; every page with --verbose or PARTSFRONT_BUILD_LOG=pages (docs/product/configuration.md#quiet-builds).
  const r = await runAstroBuild({ env: { ...process.env, PARTSFRONT_OUT_DIR: dir } });
  if (r.code !== 0) process.exit(r.code ?? 1);
  fs.writeFileSync(infoFile, JSON.stringify({ origins, builtAt: new Date().toISOString() }));
}
// Outside production the provider sandbox runs in this process too (card, wallets, pay later … without accounts).
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
await import('#host/index.ts');
