/**
 * `npm run backup [-- --out <folder>] [--keep <n>] [--pg-bin <dir>]`: a consistent copy of the database of
 * DATABASE_URL (either engine) with its manifest (docs/product/operations.md#backup-and-restore).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  backupFileName,
  backupsToPrune,
  engineOfFile,
  manifestNameOf,
  MANIFEST_FORMAT,
  type BackupManifest,
} from '#lib/operations/backup-files.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { openDb } from '#server/db/connection.ts';
import { copySqlite, inspectSqlite } from './sqlite-backup.ts';
import { dumpPostgres } from './postgres-backup.ts';
import { DEFAULT_BACKUP_DIR, describeDb, engineOf, parse, runCommand, type CommandIo } from './backup-cli.ts';

const BACKUP_USAGE = 'usage: npm run backup [-- --out <folder>] [--keep <n>] [--pg-bin <dir>]';

const backupArgs = z
  .object({
    out: z.string().default(DEFAULT_BACKUP_DIR),
    keep: z.coerce.number().int().min(1).optional(),
    'pg-bin': z.string().optional(),
  })
  .strict();

function appVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Writes a file whole or not at all: a crash leaves a .part file, never a truncated backup or manifest. */
function writeAtomically(file: string, text: string): void {
  fs.writeFileSync(`${file}.part`, text, { mode: 0o600 });
  fs.renameSync(`${file}.part`, file);
}

export function backupCommand(args: readonly string[], io: CommandIo = {}): Promise<number> {
  const print = io.print ?? console.log;
  return runCommand(BACKUP_USAGE, print, async () => {
    const opts = parse(backupArgs, args, ['out', 'keep', 'pg-bin']);
    const config = dbConfigFromEnv(io.env ?? process.env);
    if (config.kind === 'sqlite' && (config.file === ':memory:' || !fs.existsSync(config.file)))
      throw new Error(`no SQLite database at ${config.file}`);
    const engine = engineOf(config);
    const at = (io.now ?? (() => new Date()))();
    // backups hold customers' personal data: readable by the shop's user only
    fs.mkdirSync(opts.out, { recursive: true, mode: 0o700 });
    const name = backupFileName(engine, at, fs.readdirSync(opts.out));
    const target = path.join(opts.out, name);
    const part = `${target}.part`;
    let taken: { migrations: string[]; rowCounts: Record<string, number> };
    try {
      if (config.kind === 'sqlite') {
        copySqlite(config.file, part);
        const inspected = inspectSqlite(part);
        if (inspected.integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${inspected.integrity}`);
        taken = inspected;
      } else {
        const { db } = openDb(config);
        try {
          taken = await dumpPostgres(db, { url: config.url, pgBin: opts['pg-bin'] }, part);
        } finally {
          await db.destroy();
        }
      }
      fs.chmodSync(part, 0o600);
      fs.renameSync(part, target);
    } finally {
      fs.rmSync(part, { force: true });
    }
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      engine,
      file: name,
      created_at: at.toISOString(),
      source: describeDb(config),
      migrations: taken.migrations,
      schema_version: taken.migrations.at(-1) ?? null,
      row_counts: taken.rowCounts,
      bytes: fs.statSync(target).size,
      app_version: appVersion(),
    };
    writeAtomically(path.join(opts.out, manifestNameOf(name)), `${JSON.stringify(manifest, null, 2)}\n`);
    const counts = Object.entries(taken.rowCounts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    print(
      `backed up ${describeDb(config)} to ${target} (${(manifest.bytes / 1e6).toFixed(1)} MB, schema ${manifest.schema_version ?? 'empty'})`,
    );
    print(`rows: ${counts}`);
    if (opts.keep) {
      const removed = backupsToPrune(fs.readdirSync(opts.out), engine, opts.keep);
      for (const f of removed) fs.rmSync(path.join(opts.out, f), { force: true });
      if (removed.length)
        print(`removed ${removed.filter((f) => engineOfFile(f)).length} older backup(s), keeping the newest ${opts.keep}`);
    }
  });
}
