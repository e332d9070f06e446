/**
 * Backup and restore on PostgreSQL (docs/product/operations.md#backup-and-restore), with a node serving the shop:
 * `npm run backup` writes a pg_dump archive and its manifest, the orders and customers are wiped, the node says
 * the demo guest order does not exist, `npm run restore` puts everything back in one transaction, and the same
 * node — never restarted — serves the order again. Requests sent to the node during the restore never get a 5xx.
 * What the replaced database had after the backup stays where it must: the order counter, the recorded build;
 * a table the backup does not have is dropped.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestSchema } from '#lib/operations/backup-files.ts';
import { DEMO_ORDER } from '#server/seed/demo-guest-order.ts';
import { migrationVersions } from '#server/db/migrate.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { TEST_DIR } from '#tests/support/test-env.ts';
import {
  clusterDatabaseUrl,
  nodeUrl,
  openClusterDb,
  prepareClusterDatabase,
  send,
  sharedBuildsDir,
  startNode,
  type BuildsDir,
  type RunningServer,
} from './cluster-support.ts';

const PORT = 4549;
const FIRST = '20260101T000000Z-1';
const LATER = '20260102T000000Z-2';
const dbUrl = clusterDatabaseUrl();
const out = path.join(TEST_DIR, 'cluster-backup-files');
const env = { ...process.env, DATABASE_URL: dbUrl };
let h: DbHandle;
let builds: BuildsDir;
let node: RunningServer;

beforeAll(async () => {
  await prepareClusterDatabase(dbUrl);
  h = openClusterDb(dbUrl);
  builds = sharedBuildsDir('backup', FIRST);
  fs.rmSync(out, { recursive: true, force: true });
  node = await startNode({ port: PORT, databaseUrl: dbUrl, buildsDir: builds.dir });
});

afterAll(async () => {
  await node?.stop();
  await h?.db.destroy();
  builds?.remove();
  fs.rmSync(out, { recursive: true, force: true });
});

const count = async (table: 'orders' | 'customers' | 'products') =>
  Number(
    (
      await h.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const recordBuild = (name: string) =>
  h.db
    .insertInto('served_build')
    .values({ id: 1, name, recorded_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name }))
    .execute();
const recordedBuild = async () => (await h.db.selectFrom('served_build').select('name').executeTakeFirst())?.name;

/** The demo guest order as a visitor opens it on the node: login with number + e-mail, then the order. */
async function guestOrder(): Promise<{ status: number; id?: string; items?: number }> {
  const login = await send(nodeUrl(PORT, '/api/order-auth/login'), { json: { order_id: DEMO_ORDER.id, email: DEMO_ORDER.email } });
  if (login.status !== 200) return { status: login.status };
  const { access_token } = login.json<{ access_token: string }>();
  const info = await send(nodeUrl(PORT, '/api/order-auth/info'), { headers: { authorization: `Bearer ${access_token}` } });
  const body = info.json<{ order: { id: string; items: unknown[] } }>();
  return { status: info.status, id: String(body.order.id), items: body.order.items.length };
}

describe('npm run backup / restore on PostgreSQL', () => {
  it('restores wiped rows in one transaction, and the running node serves them again', async () => {
    const before = { orders: await count('orders'), customers: await count('customers'), products: await count('products') };
    const served = await guestOrder();
    expect(served).toMatchObject({ status: 200, id: DEMO_ORDER.id });

    await recordBuild(FIRST);
    const backup = spawnSync(process.execPath, ['scripts/backup.mjs', '--out', out], { encoding: 'utf8', env });
    expect(backup.status, backup.stdout + backup.stderr).toBe(0);
    const file = fs.readdirSync(out).find((f) => f.endsWith('.pgdump'))!;
    expect(file).toMatch(/^partsfront-\d{8}T\d{6}Z\.pgdump$/);
    const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(out, `${file}.json`), 'utf8')));
    expect(manifest).toMatchObject({ engine: 'postgres', schema_version: migrationVersions().at(-1) });
    expect(manifest.source).not.toContain(':partsfront@'); // no password in the manifest
    expect(manifest.row_counts).toMatchObject(before);

    await sql`TRUNCATE orders, customers CASCADE`.execute(h.db);
    // numbers of orders placed after the backup are never handed out again
    await sql`UPDATE counters SET value = value + 50 WHERE name = 'order_number'`.execute(h.db);
    const orderCounter = async () =>
      Number((await h.db.selectFrom('counters').select('value').where('name', '=', 'order_number').executeTakeFirstOrThrow()).value);
    const handedOut = await orderCounter();
    // a rebuild after the backup: the nodes serve it, and the restore must not point them back
    await recordBuild(LATER);
    // a table the backup does not have (as a newer release's migration leaves one) is dropped by the restore
    await sql`CREATE TABLE later_release_table (id INTEGER PRIMARY KEY)`.execute(h.db);
    expect(await count('orders')).toBe(0);
    expect((await guestOrder()).status).toBe(401);

    // visitors keep asking while the restore runs: they get the old or the restored data, never an error
    const statuses: number[] = [];
    let restoring = true;
    const traffic = (async () => {
      while (restoring) statuses.push((await send(nodeUrl(PORT, '/api/current-deal'))).status);
    })();
    const restore = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/restore.mjs', '--file', path.join(out, file)], { env });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (code) => resolve({ code, output }));
    });
    restoring = false;
    await traffic;
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/next: `npm run rebuild`/);
    expect(await orderCounter()).toBe(handedOut);
    expect(await recordedBuild()).toBe(LATER);
    expect(restore.output).toContain('dropped tables the backup did not have: later_release_table');
    expect((await sql<{ t: string | null }>`SELECT to_regclass('later_release_table')::text AS t`.execute(h.db)).rows[0]!.t).toBeNull();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);

    expect({ orders: await count('orders'), customers: await count('customers'), products: await count('products') }).toEqual(before);
    expect(await guestOrder()).toEqual(served);
    expect((await send(`http://sv.localhost:${PORT}/healthz`)).status).toBe(200);
  });

  it('refuses a file that is no pg_dump archive, changing nothing', async () => {
    const fake = path.join(out, 'partsfront-20261126T000000Z.pgdump');
    fs.writeFileSync(fake, 'not an archive');
    const r = spawnSync(process.execPath, ['scripts/restore.mjs', '--file', fake], { encoding: 'utf8', env });
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/not a readable pg_dump archive/);
    expect(await count('orders')).toBeGreaterThan(0);
  });
});
