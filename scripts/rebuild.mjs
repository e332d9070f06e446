// `npm run rebuild`: build into builds/<timestamp>/, switch builds/current atomically, then tell the running
// server (pid in builds/server.pid, or PARTSFRONT_SERVER_PID) to switch with SIGHUP. A failed build changes nothing.
import fs from 'node:fs';
import { rebuild } from '#builds/rebuild.ts';
import { SERVER_PID_FILE } from '#builds/build-dir.ts';

process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
try {
  const r = await rebuild({ log: (s) => process.stdout.write(s) });
  console.log(`\nrebuilt in ${r.seconds.toFixed(1)} s: builds/current → ${r.dir}`);
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
