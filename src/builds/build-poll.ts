/**
 * How a rebuild reaches every node (docs/adr/0010-several-nodes-on-one-postgresql.md#rebuilds-reach-every-node): each serving
 * process polls the build recorded in the database (served-build.ts) every PARTSFRONT_BUILD_POLL_MS
 * (default 2000, 0 = off) and switches in-process when the record names another build whose directory
 * exists in its builds/. A record whose directory is missing here (not synced yet) keeps this node on its
 * build, logged once, and is looked for again on every poll. A record this node has acted on is not acted on
 * again, so a local SIGHUP switch (a manual roll-back on one node) is not undone until a new build is recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isBuildName, type ServedBuild } from './served-build.ts';
import { pollEvery } from './poll-loop.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const logger = loggerFor('builds');

export const DEFAULT_BUILD_POLL_MS = 2000;

export function buildPollMs(env: Record<string, string | undefined> = process.env): number {
  const ms = Number(env.PARTSFRONT_BUILD_POLL_MS ?? DEFAULT_BUILD_POLL_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.max(100, ms) : 0;
}

export interface BuildPollOptions {
  /** The recorded build (a database read). */
  read: () => Promise<ServedBuild | undefined>;
  buildsDir: string;
  /** The directory this process serves now. */
  served: () => string;
  switchTo: (dir: string) => Promise<unknown>;
  log?: (message: string) => void;
}

export type PollOutcome = 'none' | 'same' | 'switched' | 'missing' | 'invalid' | 'failed' | 'unreadable';

export function createBuildPoll({ read, buildsDir, served, switchTo, log = (m: string) => logger.info(m) }: BuildPollOptions) {
  let actedOn: string | undefined;
  const told = new Set<string>();
  let unreadable = false;
  const once = (what: string, message: string) => {
    if (told.has(what)) return;
    told.add(what);
    log(message);
  };

  return async function poll(): Promise<PollOutcome> {
    let rec: ServedBuild | undefined;
    try {
      rec = await read();
    } catch (err) {
      // a database outage: keep serving, say so once per outage
      if (!unreadable) log(`cannot read the recorded build (still serving ${path.basename(served())}): ${err instanceof Error ? err.message : String(err)}`);
      unreadable = true;
      return 'unreadable';
    }
    if (unreadable) log('the recorded build is readable again');
    unreadable = false;
    if (!rec) return 'none';
    const current = path.basename(served());
    if (rec.name === current) {
      actedOn = rec.name;
      return 'same';
    }
    if (rec.name === actedOn) return 'same';
    if (!isBuildName(rec.name)) {
      once(`invalid:${rec.name}`, `the recorded build ${JSON.stringify(rec.name)} is not a build directory name; still serving ${current}`);
      return 'invalid';
    }
    const dir = path.join(buildsDir, rec.name);
    if (!fs.existsSync(path.join(dir, 'server', 'entry.mjs'))) {
      once(`missing:${rec.name}`, `build ${rec.name} (recorded ${rec.recordedAt}) is not in ${buildsDir} on this node yet; still serving ${current}`);
      return 'missing';
    }
    actedOn = rec.name;
    try {
      await switchTo(dir);
      log(`switched to ${dir} (recorded ${rec.recordedAt})`);
      return 'switched';
    } catch (err) {
      log(`switch to ${dir} failed, keeping ${current}: ${err instanceof Error ? err.message : String(err)}`);
      return 'failed';
    }
  };
}

/** Polls at once and then every `intervalMs` (never two polls at a time); the timer does not keep the process alive. */
export function startBuildPoll(opts: BuildPollOptions & { intervalMs: number }): { stop(): void } {
  return pollEvery(opts.intervalMs, createBuildPoll(opts));
}
