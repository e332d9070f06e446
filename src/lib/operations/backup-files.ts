/**
 * Backup files and their manifests (docs/product/operations.md#backup-and-restore): names with a UTC timestamp,
 * the manifest beside each file, which backup is the newest, which ones retention removes, and whether a backup's
 * migrations fit the code that restores it. Pure: the commands in src/server/cli do the I/O.
 */
import { z } from 'zod';

export type Engine = 'sqlite' | 'postgres';

/** The extension of a backup file per engine: an SQLite database file, a pg_dump custom-format archive. */
export const BACKUP_EXTENSION: Record<Engine, string> = { sqlite: '.sqlite', postgres: '.pgdump' };

/** The tables whose row counts a manifest records (and a restore compares): what an operator checks first. */
export const KEY_TABLES = [
  'products',
  'categories',
  'brands',
  'content_pages',
  'coupons',
  'customers',
  'checkouts',
  'orders',
  'order_returns',
  'subscriptions',
  'mail_outbox',
  'catalogue_changes',
] as const;

export const MANIFEST_FORMAT = 1;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  engine: z.enum(['sqlite', 'postgres']),
  /** The backup file's name (same folder as the manifest). */
  file: z.string().min(1),
  created_at: z.string().min(1),
  /** Where it was taken from (a file path, or a PostgreSQL URL without its password). */
  source: z.string(),
  /** Every applied migration, in order; the last one is the schema version. */
  migrations: z.array(z.string()),
  schema_version: z.string().nullable(),
  row_counts: z.record(z.string(), z.number().int().nonnegative()),
  bytes: z.number().int().nonnegative(),
  app_version: z.string(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** 2026-11-26T15:14:00.123Z → 20261126T151400Z (sorts as time, safe in any file system). */
export function backupStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A second backup within the same second gets `-2`, `-3` … (`taken`: the names in the folder). */
export function backupFileName(engine: Engine, at: Date, taken: readonly string[] = []): string {
  const base = `partsfront-${backupStamp(at)}`;
  const names = new Set(taken);
  for (let n = 1; ; n++) {
    const name = `${base}${n > 1 ? `-${n}` : ''}${BACKUP_EXTENSION[engine]}`;
    if (!names.has(name) && !names.has(`${name}.part`)) return name;
  }
}

/** The manifest of a backup file sits beside it: partsfront-….sqlite → partsfront-….sqlite.json. */
export const manifestNameOf = (backupFile: string): string => `${backupFile}.json`;

const NAME = /^partsfront-(\d{8}T\d{6}Z)(?:-(\d+))?(\.sqlite|\.pgdump)$/;

/** The engine a backup file name belongs to, or undefined for any other file. */
export function engineOfFile(name: string): Engine | undefined {
  const ext = NAME.exec(name)?.[3];
  return ext === '.sqlite' ? 'sqlite' : ext === '.pgdump' ? 'postgres' : undefined;
}

/** Sorts as the time the backup was taken: the stamp, then the number within its second. */
const sortKey = (name: string) => {
  const m = NAME.exec(name)!;
  return `${m[1]}-${(m[2] ?? '1').padStart(6, '0')}`;
};

/** This engine's backups among `names` (a folder listing), newest first. */
export function backupsNewestFirst(names: readonly string[], engine: Engine): string[] {
  return names
    .filter((n) => engineOfFile(n) === engine)
    .map((n) => ({ n, key: sortKey(n) }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    .map((x) => x.n);
}

/** The backups (and their manifests) that retention removes: all but the newest `keep` of this engine. */
export function backupsToPrune(names: readonly string[], engine: Engine, keep: number): string[] {
  const present = new Set(names);
  return backupsNewestFirst(names, engine)
    .slice(Math.max(1, keep))
    .flatMap((n) => [n, ...(present.has(manifestNameOf(n)) ? [manifestNameOf(n)] : [])]);
}

export interface MigrationFit {
  /** Migrations in the backup that this code does not have: the backup is from newer code, refuse. */
  newer: string[];
  /** Migrations of this code the backup lacks: applied right after the restore. */
  pending: string[];
}

export function migrationFit(backup: readonly string[], code: readonly string[]): MigrationFit {
  const known = new Set(code);
  const had = new Set(backup);
  return { newer: backup.filter((v) => !known.has(v)), pending: code.filter((v) => !had.has(v)) };
}

/**
 * The rows of one table in pg_restore's plain-SQL output of `--data-only --table=<t>`: the lines between
 * `COPY … FROM stdin;` and `\.`, split on tabs (text format; `\N` is null).
 */
export function copyRows(sqlText: string): string[][] {
  const rows: string[][] = [];
  let inside = false;
  for (const line of sqlText.split('\n')) {
    if (!inside) inside = /^COPY .* FROM stdin;$/.test(line);
    else if (line === '\\.') inside = false;
    else rows.push(line.split('\t'));
  }
  return rows;
}

/** A database URL fit for logs and manifests: the password replaced. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/:\/\/([^:/@]+):[^@]*@/, '://$1:***@');
  }
}

/** Differences between the row counts a manifest recorded and what a restored database holds. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([table, n]) => table in actual && actual[table] !== n)
    .map(([table, n]) => `${table}: ${actual[table]} rows, the backup had ${n}`);
}
