/**
 * `npm run backup` and `npm run restore` for either engine, chosen by DATABASE_URL like the server
 * (docs/product/operations.md#backup-and-restore).
 *   npm run backup [-- --out <folder>] [--keep <n>] [--pg-bin <dir>]
 *   npm run restore -- --file <backup> | --latest [--out <folder>] [--force] [--pg-bin <dir>]
 * Exit codes: 0 done, 1 failed, 2 wrong usage, 3 refused before anything changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  backupFileName,
  backupsNewestFirst,
  backupsToPrune,
  countDifferences,
  engineOfFile,
  manifestNameOf,
  manifestSchema,
  migrationFit,
  withoutPassword,
  MANIFEST_FORMAT,
  type BackupManifest,
  type Engine,
} from '#lib/operations/backup-files.ts';
import { dbConfigFromEnv, type DbConfig } from '#server/db/config.ts';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate, migrationVersions } from '#server/db/migrate.ts';
import { copySqlite, inspectSqlite, restoreSqlite, sqliteInUse } from './sqlite-backup.ts';
import { dumpPostgres, postgresRowCounts, readDump, restorePostgres } from './postgres-backup.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3 } as const;
export const DEFAULT_BACKUP_DIR = 'backups';

export interface CommandIo {
  env?: Record<string, string | undefined>;
  print?: (line: string) => void;
  now?: () => Date;
}

const BACKUP_USAGE = 'usage: npm run backup [-- --out <folder>] [--keep <n>] [--pg-bin <dir>]';
const RESTORE_USAGE = 'usage: npm run restore -- --file <backup> | --latest [--out <folder>] [--force] [--pg-bin <dir>]';

/** `--name value`, `--name=value` and bare `--flag` into an object; anything else is a usage error. */
function parseFlags(args: readonly string[], valued: readonly string[]): Record<string, string | true> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]!);
    if (!m) throw new UsageError(`unexpected argument ${args[i]}`);
    const [, name = '', inline] = m;
    if (!valued.includes(name)) flags[name] = true;
    else {
      const value = inline ?? args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    }
  }
  return flags;
}

class UsageError extends Error {}
class Refusal extends Error {}

const backupArgs = z
  .object({
    out: z.string().default(DEFAULT_BACKUP_DIR),
    keep: z.coerce.number().int().min(1).optional(),
    'pg-bin': z.string().optional(),
  })
  .strict();

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

function parse<T>(schema: z.ZodType<T>, args: readonly string[], valued: readonly string[]): T {
  const r = schema.safeParse(parseFlags(args, valued));
  if (!r.success)
    throw new UsageError(r.error.issues.map((i) => (i.path.length ? `--${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
  return r.data;
}

const engineOf = (config: DbConfig): Engine => config.kind;
const describe = (config: DbConfig) => (config.kind === 'postgres' ? withoutPassword(config.url) : config.file);

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

async function run(usage: string, print: (s: string) => void, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return EXIT.ok;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof UsageError) return (print(`${message}\n${usage}`), EXIT.usage);
    if (err instanceof Refusal) return (print(`refused, nothing was changed: ${message}`), EXIT.refused);
    print(`failed: ${message}`);
    return EXIT.failed;
  }
}

export function backupCommand(args: readonly string[], io: CommandIo = {}): Promise<number> {
  const print = io.print ?? console.log;
  return run(BACKUP_USAGE, print, async () => {
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
      source: describe(config),
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
      `backed up ${describe(config)} to ${target} (${(manifest.bytes / 1e6).toFixed(1)} MB, schema ${manifest.schema_version ?? 'empty'})`,
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

/** What a restore keeps from the database it replaces: its counters and the build the nodes serve. */
interface LiveState {
  counters: Map<string, number>;
  servedBuild?: { name: string; recorded_at: string };
}

/** The live state of a database; empty for one without those tables (new, or too damaged to read). */
async function readLiveState(db: Db): Promise<LiveState> {
  const state: LiveState = { counters: new Map() };
  try {
    state.counters = new Map((await db.selectFrom('counters').select(['name', 'value']).execute()).map((r) => [r.name, Number(r.value)]));
    state.servedBuild = await db.selectFrom('served_build').select(['name', 'recorded_at']).where('id', '=', 1).executeTakeFirst();
  } catch {
    // an older schema or a damaged file: nothing more to keep
  }
  return state;
}

/**
 * After a restore (docs/product/operations.md#after-a-restore): counters never go back — order numbers handed out
 * after the backup are not given again, and the change-feed positions running nodes applied stay behind every new
 * change — and the recorded build stays the one the nodes serve (an older record could switch them to a build of
 * an older release). Answers what it kept.
 */
async function keepLiveState(db: Db, live: LiveState): Promise<string[]> {
  const kept: string[] = [];
  const restored = (await readLiveState(db)).counters;
  for (const [name, value] of live.counters) {
    const was = restored.get(name);
    if (was === undefined || was >= value) continue;
    await db.updateTable('counters').set({ value }).where('name', '=', name).where('value', '<', value).execute();
    kept.push(`counter ${name} at ${value} (the backup had ${was})`);
  }
  if (live.servedBuild) {
    const { name, recorded_at } = live.servedBuild;
    await db
      .insertInto('served_build')
      .values({ id: 1, name, recorded_at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name, recorded_at }))
      .execute();
    kept.push(`recorded build ${name}`);
  }
  return kept;
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
  return run(RESTORE_USAGE, print, async () => {
    const config = dbConfigFromEnv(io.env ?? process.env);
    if (!args.some((a) => a === '--latest' || a.startsWith('--file'))) throw new UsageError(choices(args, engineOf(config)));
    const opts = parse(restoreArgs, args, ['file', 'out', 'pg-bin']);
    if (config.kind === 'sqlite' && config.file === ':memory:') throw new UsageError('DATABASE_URL names an in-memory database');
    const engine = engineOf(config);
    const { file, manifest } = chooseBackup(opts, engine);
    print(
      `restoring ${file}${manifest ? ` (taken ${manifest.created_at}, schema ${manifest.schema_version ?? 'empty'})` : ''} into ${describe(config)}`,
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
