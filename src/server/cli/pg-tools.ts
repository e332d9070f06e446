/**
 * The PostgreSQL client tools the backup commands run (pg_dump, pg_restore): from --pg-bin, else PATH, else the
 * newest /usr/lib/postgresql/<version>/bin (Debian and Ubuntu install them there). The password travels in
 * PGPASSWORD, never on a command line other users can read (ps).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** /usr/lib/postgresql/<n>/bin folders, newest version first. */
function debianBinDirs(root: string): string[] {
  let versions: string[];
  try {
    versions = fs.readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v));
  } catch {
    return [];
  }
  return versions.sort((a, b) => Number(b) - Number(a)).map((v) => path.join(root, v, 'bin'));
}

export function findPgTool(tool: 'pg_dump' | 'pg_restore', opts: { pgBin?: string; pathVar?: string; debianRoot?: string } = {}): string {
  const dirs = opts.pgBin
    ? [opts.pgBin]
    : [...(opts.pathVar ?? process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...debianBinDirs(opts.debianRoot ?? DEBIAN_ROOT)];
  for (const dir of dirs) {
    const file = path.join(dir, tool);
    if (isExecutable(file)) return file;
  }
  const where = opts.pgBin ? `in ${opts.pgBin}` : `on PATH or in ${DEBIAN_ROOT}/*/bin`;
  throw new Error(
    `${tool} not found ${where}: install the PostgreSQL client tools of the server's major version or newer ` +
      `(Debian/Ubuntu: apt-get install postgresql-client), or name their folder with --pg-bin <dir>`,
  );
}

/** The URL without its password, and the environment that hands the password to libpq. */
export function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a tool to its end (asynchronously: a transaction of this process may be waiting on it). */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8').trim() }),
    );
  });
}

/** Runs a tool and throws its own error text when it fails. */
export async function runToolOrThrow(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<ToolResult> {
  const r = await runTool(file, args, env);
  if (r.code !== 0) throw new Error(`${path.basename(file)} failed (exit ${r.code}): ${r.stderr || r.stdout.slice(0, 2000)}`);
  return r;
}
