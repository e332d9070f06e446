/**
 * npm run backup / restore on SQLite as an operator runs them (docs/product/operations.md#backup-and-restore):
 * a seeded shop backed up while a writer is busy, data changed and deleted, restored from the file, and the
 * refusals (a server holding the file, a backup from newer code, no backup named).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifestSchema } from '#lib/operations/backup-files.ts';
import { migrationVersions } from '#server/db/migrate.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-backup-'));
const dbFile = path.join(dir, 'shop.db');
const out = path.join(dir, 'backups');
const env = { ...process.env, DATABASE_URL: `sqlite:${dbFile}` };
const cli = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { encoding: 'utf8', env });

function query<T>(text: string, file = dbFile): T[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(text).all() as T[];
  } finally {
    db.close();
  }
}
const count = (table: string, file = dbFile) => query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`, file)[0]!.n;
const write = (text: string) => {
  const db = new DatabaseSync(dbFile);
  try {
    db.exec(`PRAGMA foreign_keys = OFF; ${text}`);
  } finally {
    db.close();
  }
};
const backups = () => fs.readdirSync(out).filter((f) => f.endsWith('.sqlite'));

let backupFile = '';
let products = 0;
let orderNumbers: string[] = [];

beforeAll(() => {
  const seeded = spawnSync(process.execPath, ['scripts/db.mjs', 'seed', '--products', '40'], { encoding: 'utf8', env });
  expect(seeded.status, seeded.stderr).toBe(0);
  products = count('products');
  orderNumbers = query<{ order_number: string }>('SELECT id AS order_number FROM orders ORDER BY id').map((r) => r.order_number);
  expect(orderNumbers.length).toBeGreaterThan(0);
}, 60_000);

describe('npm run backup (SQLite)', () => {
  it('copies the live database while another connection is writing, with a manifest', () => {
    // a writer in the middle of a transaction: the backup neither waits for it nor contains its rows
    const writer = new DatabaseSync(dbFile);
    writer.exec(
      'PRAGMA busy_timeout = 5000; BEGIN IMMEDIATE; UPDATE products SET stock_quantity = 987654 WHERE id = (SELECT min(id) FROM products)',
    );
    const r = cli('backup', '--out', out);
    writer.exec('ROLLBACK');
    writer.close();
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/backed up .*shop\.db to .*partsfront-\d{8}T\d{6}Z\.sqlite/);
    expect(backups()).toHaveLength(1);
    backupFile = path.join(out, backups()[0]!);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(count('products', backupFile)).toBe(products);
    expect(query<{ n: number }>('SELECT count(*) AS n FROM products WHERE stock_quantity = 987654', backupFile)[0]!.n).toBe(0);
    const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(`${backupFile}.json`, 'utf8')));
    expect(manifest).toMatchObject({ engine: 'sqlite', file: path.basename(backupFile), schema_version: migrationVersions().at(-1) });
    expect(manifest.migrations).toEqual(migrationVersions());
    expect(manifest.row_counts).toMatchObject({ products, orders: orderNumbers.length });
  });

  it('keeps the newest --keep backups', () => {
    const stamped = (s: string) => path.join(out, `partsfront-${s}.sqlite`);
    for (const s of ['20200101T000000Z', '20200102T000000Z']) {
      fs.copyFileSync(backupFile, stamped(s));
      fs.copyFileSync(`${backupFile}.json`, `${stamped(s)}.json`);
    }
    const r = cli('backup', '--out', out, '--keep', '2');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/removed 2 older backup/);
    expect(backups()).toHaveLength(2);
    expect(fs.existsSync(stamped('20200101T000000Z')) || fs.existsSync(`${stamped('20200101T000000Z')}.json`)).toBe(false);
    expect(cli('backup', '--out', out, '--keep', 'none').status).toBe(2);
  });
});

describe('npm run restore (SQLite)', () => {
  it('brings deleted and changed data back from a named backup', () => {
    // orders placed after the backup took numbers that must never be handed out again
    write(
      "DELETE FROM orders; DELETE FROM product_prices; UPDATE products SET stock_quantity = 0; UPDATE counters SET value = value + 50 WHERE name = 'order_number'",
    );
    const orderCounter = () => query<{ value: number }>("SELECT value FROM counters WHERE name = 'order_number'")[0]!.value;
    const handedOut = orderCounter();
    expect(count('orders')).toBe(0);
    expect(count('product_prices')).toBe(0);
    const r = cli('restore', '--file', backupFile);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^restoring .*partsfront-.*\.sqlite \(taken .*\) into .*shop\.db/m);
    expect(r.stdout).toMatch(/next: `npm run rebuild`/);
    expect(r.stdout).toMatch(/kept from the replaced database: counter order_number/);
    expect(orderCounter()).toBe(handedOut);
    expect(query<{ order_number: string }>('SELECT id AS order_number FROM orders ORDER BY id').map((o) => o.order_number)).toEqual(
      orderNumbers,
    );
    expect(count('product_prices')).toBe(count('product_prices', backupFile));
    expect(count('products')).toBe(products);
    expect(query<{ integrity_check: string }>('PRAGMA integrity_check')[0]!.integrity_check).toBe('ok');
  });

  it('refuses while another process has the database open, and --force restores under it', () => {
    const server = new DatabaseSync(dbFile);
    try {
      server.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = OFF; DELETE FROM orders');
      const refused = cli('restore', '--latest', '--out', out);
      expect(refused.status).toBe(3);
      expect(refused.stdout).toMatch(/refused, nothing was changed: .*open in another process/);
      expect((server.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n).toBe(0);
      const forced = cli('restore', '--latest', '--out', out, '--force');
      expect(forced.status, forced.stdout + forced.stderr).toBe(0);
      // the connection that stayed open reads the restored rows (pages copied into the live file, not a new file)
      expect((server.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n).toBe(orderNumbers.length);
    } finally {
      server.close();
    }
  });

  it('migrates a backup of an older release to this one', () => {
    // a backup taken before 0023 (one added column, easy to take off again): restored, then migrated
    const step = '0023_deal_drafts';
    const older = path.join(dir, 'partsfront-20200101T000000Z.sqlite');
    fs.copyFileSync(backupFile, older);
    const db = new DatabaseSync(older);
    db.exec(`ALTER TABLE content_drafts DROP COLUMN deal; DELETE FROM schema_migrations WHERE version = '${step}'`);
    db.close();
    const r = cli('restore', '--file', older);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`migrated the restored database to this release: ${step}`);
    expect(query<{ name: string }>("SELECT name FROM pragma_table_info('content_drafts')").map((c) => c.name)).toContain('deal');
    expect(query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version').map((m) => m.version)).toEqual(
      migrationVersions(),
    );
  });

  it('refuses a backup from newer code and a damaged file, and asks which backup to restore', () => {
    const future = path.join(dir, 'partsfront-20991231T000000Z.sqlite');
    fs.copyFileSync(backupFile, future);
    const db = new DatabaseSync(future);
    db.exec("INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_from_the_future', '2099-12-31')");
    db.close();
    write('DELETE FROM orders');
    const r = cli('restore', '--file', future);
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/9999_from_the_future/);
    expect(count('orders')).toBe(0); // nothing changed

    const damaged = path.join(dir, 'damaged.sqlite');
    fs.writeFileSync(damaged, 'not a database');
    expect(cli('restore', '--file', damaged).status).toBe(3);
    expect(count('orders')).toBe(0);

    const none = cli('restore', '--out', out);
    expect(none.status).toBe(2);
    expect(none.stdout).toMatch(/--file <backup> or --latest; the newest in .*backups: partsfront-\d{8}T\d{6}Z(-\d+)?\.sqlite/);
    expect(cli('restore', '--file', path.join(dir, 'missing.sqlite')).status).toBe(1);
  });
});
