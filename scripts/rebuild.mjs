// `npm run rebuild`: build into builds/<timestamp>/, switch builds/current atomically, then tell the running
// server (pid in builds/server.pid, or PARTSFRONT_SERVER_PID) to switch with SIGHUP; every other node follows the
// build recorded in the database. A failed build changes nothing. `--use <name>` serves an existing build again.
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import fs from 'node:fs';
import path from 'node:path';
import { buildsDirFrom, rebuild, recordBuildIn, swapSymlink } from '#builds/rebuild.ts';
import { isBuildName } from '#builds/served-build.ts';
import { SERVER_PID_FILE } from '#builds/build-dir.ts';

process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
// every prerendered page instead of one progress line (docs/product/configuration.md#quiet-builds)
if (process.argv.includes('--verbose')) process.env.PARTSFRONT_BUILD_LOG = 'pages';
const useAt = process.argv.indexOf('--use');
if (useAt >= 0) {
  // `npm run rebuild -- --use <name>`: serve an existing build again (a roll-back) on every node, without building.
  const name = process.argv[useAt + 1] ?? '';
  const dir = path.join(buildsDirFrom(), name);
  if (!isBuildName(name) || !fs.existsSync(path.join(dir, 'server', 'entry.mjs'))) {
    console.error(`no build named ${JSON.stringify(name)} in ${buildsDirFrom()}`);
    process.exit(1);
  }
  swapSymlink(path.join(buildsDirFrom(), 'current'), dir);
  await recordBuildIn(process.env, name);
  console.log(`builds/current → ${dir}, recorded in the database: every node switches to it`);
} else
  try {
    const r = await rebuild({ log: (s) => process.stdout.write(s) });
    console.log(`\nrebuilt in ${r.seconds.toFixed(1)} s: builds/current → ${r.dir}`);
    // Every node polls the recorded build (docs/adr/0010-several-nodes-on-one-postgresql.md#rebuilds-reach-every-node).
    if (r.recordError) console.error(`not recorded in the database, so other nodes keep their build: ${r.recordError}`);
    else console.log('recorded in the database: every node switches to it within PARTSFRONT_BUILD_POLL_MS');
  } catch (err) {
    console.error(`\nrebuild failed; the current build is unchanged.\n${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
let pid = Number(process.env.PARTSFRONT_SERVER_PID);
if (!pid)
  try {
    pid = Number(fs.readFileSync(SERVER_PID_FILE, 'utf8'));
  } catch {
    pid = 0;
  }
if (pid) {
  try {
    process.kill(pid, 'SIGHUP');
    console.log(`told the server (pid ${pid}) to switch`);
  } catch {
    console.log(`no server running as pid ${pid}; it will serve the new build when started`);
  }
}
