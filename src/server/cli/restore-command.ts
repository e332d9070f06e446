/**
 * `npm run restore -- --file <backup> | --latest [--out <folder>] [--force] [--pg-bin <dir>]`: puts a backup back
 * into the database of DATABASE_URL after checking it, then migrates it to this release
 * (docs/product/operations.md#backup-and-restore).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  backupsNewestFirst,
  countDifferences,
  engineOfFile,
  manifestNameOf,
  manifestSchema,
  migrationFit,
  type BackupManifest,
  type Engine,
} from '#lib/operations/backup-files.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { openDb } from '#server/db/connection.ts';
import { migrate, migrationVersions } from '#server/db/migrate.ts';
import { inspectSqlite, restoreSqlite, sqliteInUse } from './sqlite-backup.ts';
import { postgresRowCounts, readDump, restorePostgres } from './postgres-backup.ts';
import { keepLiveState, readLiveState, type LiveState } from './restore-live-state.ts';
import {
  DEFAULT_BACKUP_DIR,
  describeDb,
  engineOf,
  parse,
  parseFlags,
  Refusal,
  runCommand,
  UsageError,
  type CommandIo,
} from './backup-cli.ts';

const RESTORE_USAGE = 'usage: npm run restore -- --file <backup> | --latest [--out <folder>] [--force] [--pg-bin <dir>]';

const restoreArgs = z
  .object({
    file: z.string().optional(),
    latest: z.literal(true).optional(),
    out: z.string().default(DEFAULT_BACKUP_DIR),
    force: z.literal(true).optional(),
    'pg-bin': z.string().optional(),
  })
  .strict()
  .refine((a) => Boolean(a.file) !== Boolean(a.latest), { message: 'name one backup: --file <backup> or --latest' });

/** The backup file a restore names, and its manifest when one lies beside it. */
function chooseBackup(opts: z.infer<typeof restoreArgs>, engine: Engine): { file: string; manifest?: BackupManifest } {
  let file: string;
  if (opts.file) file = opts.file;
  else {
    const names = fs.existsSync(opts.out) ? fs.readdirSync(opts.out) : [];
    const newest = backupsNewestFirst(names, engine)[0];
    if (!newest) throw new Error(`no ${engine} backup in ${opts.out}`);
    file = path.join(opts.out, newest);
  }
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`);
  const fileEngine = engineOfFile(path.basename(file));
  if (fileEngine && fileEngine !== engine)
    throw new Refusal(`${file} is a ${fileEngine} backup and DATABASE_URL names a ${engine} database`);
  const manifestFile = manifestNameOf(file);
  if (!fs.existsSync(manifestFile)) return { file };
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    throw new Refusal(`${manifestFile} is not a backup manifest`);
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) throw new Refusal(`${manifestFile} is not a backup manifest`);
  if (manifest.data.engine !== engine)
    throw new Refusal(`${file} is a ${manifest.data.engine} backup and DATABASE_URL names a ${engine} database`);
  return { file, manifest: manifest.data };
}

function refuseNewer(migrations: readonly string[]): string[] {
  const fit = migrationFit(migrations, migrationVersions());
  if (fit.newer.length)
    throw new Refusal(
      `the backup has migrations this code does not know (${fit.newer.join(', ')}): restore it with the release that wrote it`,
    );
  return fit.pending;
}

/** No backup named: say how to name one, with the newest few in the folder. */
function choices(args: readonly string[], engine: Engine): string {
  let folder = DEFAULT_BACKUP_DIR;
  try {
    const out = parseFlags(args, ['file', 'out', 'pg-bin']).out;
    if (typeof out === 'string') folder = out;
  } catch {
    // the usage line says the rest
  }
  const newest = fs.existsSync(folder) ? backupsNewestFirst(fs.readdirSync(folder), engine).slice(0, 5) : [];
  const list = newest.length ? `; the newest in ${folder}: ${newest.join(', ')}` : `; there is no ${engine} backup in ${folder}`;
  return `name one backup: --file <backup> or --latest${list}`;
}

export function restoreCommand(args: readonly string[], io: CommandIo = {}): Promise<number> {
  const print = io.print ?? console.log;
  return runCommand(RESTORE_USAGE, print, async () => {
    const config = dbConfigFromEnv(io.env ?? process.env);
    if (!args.some((a) => a === '--latest' || a.startsWith('--file'))) throw new UsageError(choices(args, engineOf(config)));
    const opts = parse(restoreArgs, args, ['file', 'out', 'pg-bin']);
    if (config.kind === 'sqlite' && config.file === ':memory:') throw new UsageError('DATABASE_URL names an in-memory database');
    const engine = engineOf(config);
    const { file, manifest } = chooseBackup(opts, engine);
    print(
      `restoring ${file}${manifest ? ` (taken ${manifest.created_at}, schema ${manifest.schema_version ?? 'empty'})` : ''} into ${describeDb(config)}`,
    );

    let dumpTables: string[] = [];
    let live: LiveState = { counters: new Map() };
    if (config.kind === 'sqlite') {
      let inspected: ReturnType<typeof inspectSqlite>;
      try {
        inspected = inspectSqlite(file);
      } catch (err) {
        throw new Refusal(`${file} is not a readable SQLite database: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (inspected.integrity !== 'ok') throw new Refusal(`${file} failed its integrity check: ${inspected.integrity}`);
      refuseNewer(inspected.migrations);
      if (sqliteInUse(config.file)) {
        if (!opts.force)
          throw new Refusal(
            `${config.file} is open in another process (the server?): stop it first, or add --force to restore under it (then rebuild and restart it)`,
          );
        print('another process has the database open; restoring under it (--force)');
      }
      fs.mkdirSync(path.dirname(config.file), { recursive: true });
      if (fs.existsSync(config.file))
        try {
          const h = openDb(config);
          live = await readLiveState(h.db).finally(() => h.db.destroy());
        } catch {
          // a damaged file (maybe why it is restored): no counters to keep
        }
      await restoreSqlite(file, config.file);
    } else {
      const dump = await readDump(file, { pgBin: opts['pg-bin'] }).catch((err: unknown) => {
        throw new Refusal(`${file} is not a readable pg_dump archive: ${err instanceof Error ? err.message : String(err)}`);
      });
      refuseNewer(dump.migrations);
      dumpTables = dump.tables;
    }

    const { db } = openDb(config);
    try {
      if (config.kind === 'postgres') {
        live = await readLiveState(db);
        const dropped = await restorePostgres(db, { url: config.url, pgBin: opts['pg-bin'] }, file, dumpTables);
        if (dropped.length) print(`dropped tables the backup did not have: ${dropped.join(', ')}`);
      }
      const rowCounts = config.kind === 'postgres' ? await postgresRowCounts(db) : inspectSqlite(config.file).rowCounts;
      const differences = manifest ? countDifferences(manifest.row_counts, rowCounts) : [];
      const applied = await migrate(db, undefined, { onWait: print });
      print(
        `restored: ${Object.entries(rowCounts)
          .map(([t, n]) => `${t} ${n}`)
          .join(', ')}`,
      );
      if (applied.length) print(`migrated the restored database to this release: ${applied.join(', ')}`);
      const kept = await keepLiveState(db, live);
      if (kept.length) print(`kept from the replaced database: ${kept.join(', ')}`);
      if (differences.length) throw new Error(`the restored rows differ from the manifest: ${differences.join('; ')}`);
    } finally {
      await db.destroy();
    }
    print(
      'next: `npm run rebuild` (pages from the restored data; every node follows the recorded build and the change feed from it), ' +
        'then restart the nodes one by one (docs/product/operations.md#after-a-restore)',
    );
  });
}
