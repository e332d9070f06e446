/**
 * Rebuild for content editors: POST /admin/rebuild (token, constant-time) builds into a fresh directory
 * while the server keeps serving the old build, then switches; a failed build changes nothing.
 * It builds from a small catalogue on the engine under test: its own SQLite file, or the PostgreSQL test
 * database (restored to the standard catalogue afterwards, as data-layer.test.ts does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDb } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { rebuild } from '#builds/rebuild.ts';
import { isAuthorized } from '#server/security/admin-auth.ts';
import { readServedBuild } from '#builds/served-build.ts';
import { resetDatabase } from '#tests/support/prepare.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { request } from '#tests/support/http.ts';
import { API_PORT, TEST_DIR } from '#tests/support/test-env.ts';

const engineUrl = inject('databaseUrl');
const onPostgres = engineUrl.startsWith('postgres');
const PORT = API_PORT + 2;
const TOKEN = 'editor-secret-token';
const buildsDir = path.join(TEST_DIR, 'rebuild-builds');
const dbFile = path.join(TEST_DIR, 'rebuild.db');
const dbUrl = onPostgres ? engineUrl : `sqlite:${dbFile}`;
const env = { ...process.env, DATABASE_URL: dbUrl, PORT: String(PORT), PARTSFRONT_BUILDS_DIR: buildsDir };
const page = (p: string, init?: Parameters<typeof request>[1]) => request(`http://sv.localhost:${PORT}${p}`, init);
const current = () => fs.realpathSync(path.join(buildsDir, 'current'));
const auth = { authorization: `Bearer ${TOKEN}` };

async function setTitle(title: string) {
  const { db } = openDb(dbConfigFromEnv({ DATABASE_URL: dbUrl }));
  await db.updateTable('content_pages').set({ title }).where('locale', '=', 'sv').where('slug', '=', 'om-oss').execute();
  await db.destroy();
}

describe(`rebuild (${engineUrl.split(':')[0]})`, () => {
  let server: RunningServer | undefined;

  beforeAll(async () => {
    fs.rmSync(buildsDir, { recursive: true, force: true });
    await resetDatabase(dbUrl, 12);
    await rebuild({ env, buildsDir });
    server = await startServer({
      port: PORT,
      databaseUrl: dbUrl,
      buildDir: '',
      env: { PARTSFRONT_BUILD_DIR: '', PARTSFRONT_BUILDS_DIR: buildsDir, PARTSFRONT_REBUILD_TOKEN: TOKEN },
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    if (onPostgres) await resetDatabase(engineUrl);
  }, 120_000);

  it('checks the token in constant time and refuses without one configured', () => {
    expect(isAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isAuthorized(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(isAuthorized(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(isAuthorized(`Bearer ${TOKEN}`, undefined)).toBe(false);
    expect(isAuthorized(`Bearer `, '')).toBe(false);
  });

  it('answers 401 JSON without a valid token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }] as Record<string, string>[]) {
      const r = await page('/admin/rebuild', { method: 'POST', headers });
      expect(r.status).toBe(401);
      expect(r.json().error.code).toBe('unauthorized');
    }
  });

  it('keeps serving the old build during the rebuild and switches when it is done', async () => {
    const before = current();
    expect((await page('/om-oss')).body).toContain('<h1>Om oss</h1>');
    await setTitle('Om oss – nyskrivet');

    const start = await page('/admin/rebuild', { method: 'POST', headers: auth });
    expect(start.status).toBe(202);
    expect(start.json().job.state).toBe('running');
    expect((await page('/admin/rebuild', { method: 'POST', headers: auth })).status).toBe(409);

    let job = start.json().job;
    let servedOldWhileRunning = 0;
    const deadline = Date.now() + 180_000;
    while (job.state === 'running' && Date.now() < deadline) {
      const r = await page('/om-oss');
      if ((await page('/admin/rebuild', { headers: auth })).json().job.state !== 'running') break;
      expect(r.status).toBe(200);
      expect(r.body).toContain('<h1>Om oss</h1>'); // the old build, whole, until the switch
      servedOldWhileRunning++;
      await new Promise((res) => setTimeout(res, 250));
      job = (await page('/admin/rebuild', { headers: auth })).json().job;
    }
    job = (await page('/admin/rebuild', { headers: auth })).json().job;
    expect(job.state, job.error).toBe('done');
    expect(servedOldWhileRunning).toBeGreaterThan(0);
    expect(current()).not.toBe(before);
    expect(current()).toBe(job.dir);
    const after = await page('/om-oss');
    expect(after.body).toContain('<h1>Om oss – nyskrivet</h1>');
    expect((await page('/healthz')).json().build).toBe(path.basename(job.dir));
    // recorded for the other nodes (docs/adr/0010-several-nodes-on-one-postgresql.md#rebuilds-reach-every-node)
    const { db } = openDb(dbConfigFromEnv({ DATABASE_URL: dbUrl }));
    expect((await readServedBuild(db))?.name).toBe(path.basename(job.dir));
    await db.destroy();
  }, 240_000);

  it('a failed build leaves builds/current and the served site untouched', async () => {
    const before = current();
    const entries = fs.readdirSync(buildsDir).sort();
    const broken = path.join(TEST_DIR, 'rebuild-broken.db'); // no tables: every page query fails
    fs.rmSync(broken, { force: true });
    await expect(rebuild({ env: { ...env, DATABASE_URL: `sqlite:${broken}` }, buildsDir })).rejects.toThrow(/astro build failed/);
    expect(current()).toBe(before);
    expect(fs.readdirSync(buildsDir).sort()).toEqual(entries);
    expect((await page('/om-oss')).body).toContain('<h1>Om oss – nyskrivet</h1>');
    const { db } = openDb(dbConfigFromEnv({ DATABASE_URL: dbUrl }));
    expect((await readServedBuild(db))?.name).toBe(path.basename(before)); // nothing recorded
    await db.destroy();
  }, 240_000);
});
