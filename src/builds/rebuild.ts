/**
 * Rebuild for content editors (docs/adr/0003-static-catalogue-pages.md#rebuilds): build the whole site into a fresh builds/<timestamp>/ while the
 * running server keeps serving the current build, then switch builds/current atomically (a new symlink
 * renamed over the old one), then record it in the database as the build every node serves (served-build.ts;
 * docs/adr/0010-several-nodes-on-one-postgresql.md#rebuilds-reach-every-node). A failed build removes its directory and changes
 * nothing else. Used by `npm run rebuild` and by POST /admin/rebuild.
 */
import fs from 'node:fs';
import path from 'node:path';
import { siteSettings } from '#server/market/site-settings.ts';
import { openDb } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { recordServedBuild } from './served-build.ts';
import { runAstroBuild } from './astro-build.ts';

export interface RebuildOptions {
  /** Where builds/<timestamp>/ and the `current` link live (default PARTSFRONT_BUILDS_DIR or ./builds). */
  buildsDir?: string;
  /** Environment of the build (DATABASE_URL, PARTSFRONT_DOMAINS, PORT …); default process.env. */
  env?: Record<string, string | undefined>;
  /** Previous builds to keep besides the current one (for a quick manual roll-back). */
  keep?: number;
  /** Where the build's output goes, its pages as one progress line (astro-build.ts); default nowhere. */
  log?: (chunk: string) => void;
  /** Records the finished build as the one every node serves (default: in the database of env's DATABASE_URL). */
  record?: (name: string) => Promise<void>;
}

export interface RebuildResult {
  dir: string;
  seconds: number;
  /** Why the build could not be recorded (this node's builds/current moved, other nodes did not): undefined when it was. */
  recordError?: string;
}

/** Writes the served-build row through a short-lived connection of `env`'s database. */
export async function recordBuildIn(env: Record<string, string | undefined>, name: string): Promise<void> {
  const { db } = openDb(dbConfigFromEnv(env));
  try {
    await recordServedBuild(db, name);
  } finally {
    await db.destroy();
  }
}

export function buildsDirFrom(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.PARTSFRONT_BUILDS_DIR || 'builds');
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

async function runBuild(outDir: string, env: Record<string, string | undefined>, log: ((s: string) => void) | null): Promise<void> {
  const r = await runAstroBuild({ env: { ...env, NODE_ENV: 'production', PARTSFRONT_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' }, write: log });
  if (r.code !== 0) throw new Error(`astro build failed (exit ${r.code}):\n${r.tail.trim().split('\n').slice(-8).join('\n')}`);
}

/** Point `link` at `target` atomically: rename() of a fresh symlink over the old one. */
export function swapSymlink(link: string, target: string): void {
  const tmp = `${link}.${process.pid}.${Date.now()}.tmp`;
  fs.symlinkSync(path.relative(path.dirname(link), target), tmp);
  try {
    fs.renameSync(tmp, link);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** A build directory without build-info.json that is this old is a killed build, not one still running. */
export const ABANDONED_BUILD_MS = 60 * 60 * 1000;

/**
 * Keeps the `keep` newest complete builds besides the current one (the roll-back targets of `--use`). A build is
 * complete when it has build-info.json (written last); an incomplete one is a build still running — left alone —
 * or one killed mid-way, removed once it is older than ABANDONED_BUILD_MS. Incomplete builds never count
 * toward `keep`, so killed rebuilds cannot push out the last good build.
 */
export function pruneBuilds(buildsDir: string, current: string, keep: number, now = Date.now()): void {
  const complete: string[] = [];
  for (const e of fs.readdirSync(buildsDir, { withFileTypes: true })) {
    const full = path.join(buildsDir, e.name);
    if (!e.isDirectory() || !/^\d{8}T\d{6}Z/.test(e.name) || full === current) continue;
    if (fs.existsSync(path.join(full, 'build-info.json'))) complete.push(e.name);
    else if (now - fs.statSync(full).mtimeMs > ABANDONED_BUILD_MS) fs.rmSync(full, { recursive: true, force: true });
  }
  complete.sort();
  for (const name of complete.slice(0, Math.max(0, complete.length - keep))) fs.rmSync(path.join(buildsDir, name), { recursive: true, force: true });
}

export async function rebuild(opts: RebuildOptions = {}): Promise<RebuildResult> {
  const env = opts.env ?? process.env;
  const buildsDir = opts.buildsDir ?? buildsDirFrom(env);
  const log = opts.log ?? null;
  const started = Date.now();
  fs.mkdirSync(buildsDir, { recursive: true });
  const dir = path.join(buildsDir, `${stamp()}-${process.pid}`);
  try {
    await runBuild(dir, env, log);
    for (const must of ['server/entry.mjs', 'client/sv/index.html']) {
      if (!fs.existsSync(path.join(dir, must))) throw new Error(`build is incomplete: ${must} is missing`);
    }
    // same record as `npm start` writes: it rebuilds when the public origins changed
    fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify({ origins: JSON.stringify(siteSettings(env).origins), builtAt: new Date().toISOString() }));
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true }); // a failed build changes nothing
    throw err;
  }
  swapSymlink(path.join(buildsDir, 'current'), dir);
  let recordError: string | undefined;
  try {
    await (opts.record ?? ((name: string) => recordBuildIn(env, name)))(path.basename(dir));
  } catch (err) {
    recordError = err instanceof Error ? err.message : String(err);
  }
  pruneBuilds(buildsDir, dir, opts.keep ?? 2);
  return { dir, seconds: (Date.now() - started) / 1000, recordError };
}
