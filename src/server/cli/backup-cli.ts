/**
 * What `npm run backup` and `npm run restore` share (docs/product/operations.md#backup-and-restore): flags, the
 * exit codes (0 done, 1 failed, 2 wrong usage, 3 refused before anything changed) and their messages.
 */
import { z } from 'zod';
import { withoutPassword, type Engine } from '#lib/operations/backup-files.ts';
import type { DbConfig } from '#server/db/config.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3 } as const;
export const DEFAULT_BACKUP_DIR = 'backups';

export interface CommandIo {
  env?: Record<string, string | undefined>;
  print?: (line: string) => void;
  now?: () => Date;
}

/** `--name value`, `--name=value` and bare `--flag` into an object; anything else is a usage error. */
export function parseFlags(args: readonly string[], valued: readonly string[]): Record<string, string | true> {
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

/** Wrong arguments: exit 2 with the usage line. */
export class UsageError extends Error {}
/** A check failed before anything was changed: exit 3. */
export class Refusal extends Error {}

export function parse<T>(schema: z.ZodType<T>, args: readonly string[], valued: readonly string[]): T {
  const r = schema.safeParse(parseFlags(args, valued));
  if (!r.success)
    throw new UsageError(r.error.issues.map((i) => (i.path.length ? `--${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
  return r.data;
}

export const engineOf = (config: DbConfig): Engine => config.kind;
/** The database for messages and manifests: the SQLite file, or the URL without its password. */
export const describeDb = (config: DbConfig) => (config.kind === 'postgres' ? withoutPassword(config.url) : config.file);

/** Runs a command body and turns its outcome into an exit code and a message an operator can read. */
export async function runCommand(usage: string, print: (s: string) => void, body: () => Promise<void>): Promise<number> {
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
