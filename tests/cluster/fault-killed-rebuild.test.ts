/**
 * Fault: the server is killed while it rebuilds (docs/product/performance.md#faults). A server on a temp
 * builds/ directory whose `current` is a copy of the test build starts POST /admin/rebuild; mid-build the
 * server and its `astro build` child are killed with SIGKILL (a crash or an OOM kill takes the whole process
 * group). Afterwards builds/current still points at the complete previous build, a restarted server serves
 * it (the old content), and the next rebuild succeeds despite the half build left behind. The same holds
 * when `npm run rebuild` is the process killed. SQLite: the database plays no part in this fault.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { resetDatabase } from '#tests/support/prepare.ts';
import { request } from '#tests/support/http.ts';
import { TEST_BUILD_DIR, TEST_DIR } from '#tests/support/test-env.ts';

const PORT = 4552;
const TOKEN = 'fault-rebuild-token';
const buildsDir = path.join(TEST_DIR, 'fault-rebuild-builds');
const dbUrl = `sqlite:${path.join(TEST_DIR, 'fault-rebuild.db')}`;
/** Named like a rebuild's directory (and older than any), so pruning treats it as one. */
const SEED = '20000101T000000Z-seed';
const OLD_TITLE = '<h1>Om oss</h1>';
const NEW_TITLE = '<h1>Om oss – efter omstart</h1>';
const auth = { authorization: `Bearer ${TOKEN}` };
const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl,
  PARTSFRONT_BUILD_DIR: '',
  PARTSFRONT_BUILDS_DIR: buildsDir,
  PARTSFRONT_REBUILD_TOKEN: TOKEN,
};

const page = (p: string, init?: Parameters<typeof request>[1]) => request(`http://sv.localhost:${PORT}${p}`, init);
const current = () => fs.realpathSync(path.join(buildsDir, 'current'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const builds = () => fs.readdirSync(buildsDir).filter((n) => /^\d{8}T\d{6}Z-/.test(n));

/** A process in its own process group, so SIGKILL reaches it and every child it started (the astro build). */
interface Group {
  child: ChildProcess;
  output(): string;
  kill(): Promise<void>;
}
function startGroup(args: string[]): Group {
  let log = '';
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  return {
    child,
    output: () => log,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGKILL');
      }),
  };
}

async function startServer(): Promise<Group> {
  const server = startGroup(['src/host/index.ts']);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    if ((await page('/healthz').catch(() => undefined))?.status === 200) return server;
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`server did not start:\n${server.output()}`);
    }
    await sleep(100);
  }
}

/** Waits until a rebuild's own directory appears and has some of its output, i.e. the build is half done. */
async function halfBuild(before: string[]): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const fresh = builds().find((n) => !before.includes(n));
    if (fresh && fs.readdirSync(path.join(buildsDir, fresh)).length > 0) {
      await sleep(1500); // well into writing it, not yet complete
      return fresh;
    }
    if (Date.now() > deadline) throw new Error('no rebuild directory appeared');
    await sleep(100);
  }
}

/** builds/current names a complete build: the server bundle, a storefront's pages and the rebuild's record. */
function expectComplete(dir: string) {
  for (const must of ['server/entry.mjs', 'client/sv/index.html', 'client/nl/index.html'])
    expect(fs.existsSync(path.join(dir, must)), `${dir}/${must}`).toBe(true);
}

async function expectServesOldBuild() {
  const health = await page('/healthz');
  expect(health.status).toBe(200);
  expect(health.json().build).toBe(SEED);
  const about = await page('/om-oss');
  expect(about.status).toBe(200);
  expect(about.body).toContain(OLD_TITLE);
  expect((await page('/')).status).toBe(200);
  expect((await request(`http://nl.localhost:${PORT}/`)).status).toBe(200);
}

describe('killed during a rebuild', () => {
  let server: Group | undefined;

  beforeAll(async () => {
    fs.rmSync(buildsDir, { recursive: true, force: true });
    fs.mkdirSync(buildsDir, { recursive: true });
    fs.cpSync(TEST_BUILD_DIR, path.join(buildsDir, SEED), { recursive: true });
    fs.symlinkSync(SEED, path.join(buildsDir, 'current'));
    await resetDatabase(dbUrl);
    // what a rebuild would publish: the served (old) build must not show it until a rebuild completes
    const { db } = openDb(dbConfigFromEnv({ DATABASE_URL: dbUrl }));
    await db
      .updateTable('content_pages')
      .set({ title: 'Om oss – efter omstart' })
      .where('locale', '=', 'sv')
      .where('slug', '=', 'om-oss')
      .execute();
    await db.destroy();
    server = await startServer();
  }, 240_000);

  afterAll(async () => {
    await server?.kill();
    fs.rmSync(buildsDir, { recursive: true, force: true }); // three builds of the whole site
  });

  it('the server killed mid-build: the previous build stays current and serves after a restart', async () => {
    await expectServesOldBuild();
    const before = builds();
    const start = await page('/admin/rebuild', { method: 'POST', headers: auth });
    expect(start.status, start.body).toBe(202);
    const half = await halfBuild(before);
    expect((await page('/admin/rebuild', { headers: auth })).json().job.state).toBe('running');
    await expectServesOldBuild(); // while it builds

    await server!.kill(); // SIGKILL: no handler runs, no cleanup
    expect(current()).toBe(path.join(buildsDir, SEED));
    expectComplete(current());
    // the half build is left behind, incomplete and never switched to
    expect(builds()).toContain(half);
    expect(fs.existsSync(path.join(buildsDir, half, 'build-info.json'))).toBe(false);
    expect(fs.readdirSync(buildsDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    server = await startServer();
    await expectServesOldBuild();
    // a fresh process: no rebuild is running any more
    expect((await page('/admin/rebuild', { headers: auth })).json().job.state).toBe('idle');
  }, 180_000);

  it('`npm run rebuild` killed mid-build leaves the serving build and builds/current alone', async () => {
    const before = builds();
    const cli = startGroup(['scripts/rebuild.mjs']);
    await halfBuild(before);
    await cli.kill();
    expect(cli.output()).not.toMatch(/rebuilt in/);
    expect(current()).toBe(path.join(buildsDir, SEED));
    await expectServesOldBuild();
  }, 180_000);

  it('the next rebuild succeeds despite the half builds left behind, and switches', async () => {
    const start = await page('/admin/rebuild', { method: 'POST', headers: auth });
    expect(start.status, start.body).toBe(202);
    let job = start.json().job;
    const deadline = Date.now() + 150_000;
    while (job.state === 'running' && Date.now() < deadline) {
      await sleep(500);
      job = (await page('/admin/rebuild', { headers: auth })).json().job;
    }
    expect(job.state, `${job.error ?? ''}\n${server!.output().slice(-2000)}`).toBe('done');
    expect(current()).toBe(job.dir);
    expectComplete(current());
    expect(fs.existsSync(path.join(current(), 'build-info.json'))).toBe(true);
    const about = await page('/om-oss');
    expect(about.status).toBe(200);
    expect(about.body).toContain(NEW_TITLE);
    expect((await page('/healthz')).json().build).toBe(path.basename(job.dir));
  }, 180_000);
});
