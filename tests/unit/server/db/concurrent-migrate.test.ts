/**
 * Two processes migrating one fresh SQLite file at once (a server starting while `npm run db:migrate` runs):
 * both succeed and every migration is recorded once (docs/product/operations.md#upgrade).
 * The PostgreSQL twin is tests/cluster/concurrent-migrations.test.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrationVersions } from '#server/db/migrate.ts';

const migrateIn = (file: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/db.mjs', 'migrate'], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });

describe('migrations on SQLite from two processes at once', () => {
  it('both succeed and each migration is applied once', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-migrate-')), 'shop.db');
    const runs = await Promise.all([migrateIn(file), migrateIn(file)]);
    for (const r of runs) expect(r.code, r.output).toBe(0);
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const versions = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: string }[]).map(
        (r) => r.version,
      );
      expect(versions).toEqual(migrationVersions());
    } finally {
      db.close();
    }
  });
});
