/** `npm run serve`: serve the current build for all five storefronts on PORT (default 4321) and HOST. */
import path from 'node:path';
import { createStorefrontServer, loadBuild } from './storefront-server.ts';
import { parseDomains } from '../src/lib/locales.ts';
import { currentBuildDir } from './build-dir.ts';

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
const domains = parseDomains(process.env.PARTSFRONT_DOMAINS);

const build = await loadBuild(currentBuildDir());
const app = createStorefrontServer(build, domains);
app.server.listen(port, host, () => {
  console.log(`Partsfront serving build ${path.relative(process.cwd(), build.dir) || '.'} on ${host}:${port}`);
  for (const [code, domain] of Object.entries(domains)) console.log(`  ${code}: http://${domain}:${port}`);
});

// SIGHUP: switch to the build that builds/current points at now (used after `npm run rebuild`).
process.on('SIGHUP', () => {
  const dir = currentBuildDir();
  app.switchTo(dir).then(() => console.log(`switched to ${dir}`), (err) => console.error('switch failed, keeping the old build:', err));
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => app.server.close(() => process.exit(0)));
