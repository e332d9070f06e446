/**
 * Two nodes starting at once after an upgrade (docs/product/operations.md#upgrade): both run the migrations
 * against one PostgreSQL, and each migration is applied exactly once — the advisory lock makes the second wait
 * and then find everything applied. Each case works in a schema of its own (search_path), dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationVersions } from '#server/db/migrate.ts';
import { clusterDatabaseUrl, openClusterDb } from './cluster-support.ts';

const dbUrl = clusterDatabaseUrl();
const schemas: string[] = [];
const admin = openClusterDb(dbUrl);

/** A fresh schema and the URL whose connections use it. */
async function freshSchema(label: string): Promise<string> {
  const schema = `migrate_${label}_${process.pid}`;
  schemas.push(schema);
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE; CREATE SCHEMA ${sql.id(schema)}`.execute(admin.db);
  const u = new URL(dbUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

afterAll(async () => {
  for (const s of schemas) await sql`DROP SCHEMA IF EXISTS ${sql.id(s)} CASCADE`.execute(admin.db);
  await admin.db.destroy();
});

/** Two processes' worth of connections (two pools) migrating at the same moment. */
async function migrateTwiceAtOnce(url: string, dir?: string): Promise<string[][]> {
  const nodes = [openClusterDb(url), openClusterDb(url)];
  try {
    return await Promise.all(nodes.map((n) => migrate(n.db, dir)));
  } finally {
    await Promise.all(nodes.map((n) => n.db.destroy()));
  }
}

describe('migrations on two nodes at once', () => {
  it('apply every migration of the release once, whichever node runs it', async () => {
    const url = await freshSchema('release');
    const [a, b] = await migrateTwiceAtOnce(url);
    expect([...a!, ...b!].sort()).toEqual(migrationVersions());
    expect([a!.length, b!.length].sort((x, y) => x - y)).toEqual([0, migrationVersions().length]);
    const h = openClusterDb(url);
    try {
      const rows = await h.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
      expect(rows.map((r) => r.version)).toEqual(migrationVersions());
    } finally {
      await h.db.destroy();
    }
  });

  it('never run a migration twice, even one that is slow and not repeatable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-migrations-'));
    fs.writeFileSync(path.join(dir, '0001_log.sql'), 'CREATE TABLE applied_log (step INTEGER NOT NULL);\n');
    // the window two unlocked runs would both fall into: read "not applied", then apply
    fs.writeFileSync(path.join(dir, '0002_slow.sql'), 'SELECT pg_sleep(0.5);\nINSERT INTO applied_log VALUES (2);\n');
    fs.writeFileSync(
      path.join(dir, '0003_alter.sql'),
      'ALTER TABLE applied_log ADD COLUMN note TEXT;\nINSERT INTO applied_log VALUES (3);\n',
    );
    const url = await freshSchema('slow');
    const runs = await migrateTwiceAtOnce(url, dir);
    expect(runs.flat().sort()).toEqual(['0001_log', '0002_slow', '0003_alter']);
    const h = openClusterDb(url);
    try {
      const { rows } = await sql<{ step: number }>`SELECT step FROM applied_log ORDER BY step`.execute(h.db);
      expect(rows.map((r) => r.step)).toEqual([2, 3]);
      // a third start later finds nothing to do
      expect(await migrate(h.db, dir)).toEqual([]);
    } finally {
      await h.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
