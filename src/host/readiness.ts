/**
 * GET /readyz (docs/product/logs-and-metrics.md#healthz-and-readyz): ready to take traffic when the database
 * answers and the served build is complete on disk. /healthz stays liveness only (no database).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Build } from '#builds/loaded-build.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('readyz');

const isDir = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
const isFile = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.isFile() === true;

export interface Readiness {
  status: 200 | 503;
  body: { ok: boolean; build: string; database: 'ok' | 'failed' | 'unchecked'; files: 'ok' | 'missing'; failed?: string[] };
}

export async function readiness(build: Build, checkDatabase?: () => Promise<void>): Promise<Readiness> {
  const files: Readiness['body']['files'] =
    isFile(path.join(build.dir, 'server', 'entry.mjs')) && isDir(build.clientDir) ? 'ok' : 'missing';
  let database: Readiness['body']['database'] = 'unchecked';
  if (checkDatabase) {
    try {
      await checkDatabase();
      database = 'ok';
    } catch (err) {
      database = 'failed';
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'database check failed');
    }
  }
  const failed = [...(database === 'failed' ? ['database'] : []), ...(files === 'missing' ? ['build'] : [])];
  const body = { ok: failed.length === 0, build: path.basename(build.dir), database, files };
  return failed.length === 0 ? { status: 200, body } : { status: 503, body: { ...body, failed } };
}
