/**
 * Where the served build lives: PARTSFRONT_BUILD_DIR, else builds/current (atomic rebuilds), else dist/.
 * PARTSFRONT_BUILDS_DIR moves the builds/ directory (tests, or a volume in production).
 */
import fs from 'node:fs';
import path from 'node:path';

export const BUILDS_DIR = path.resolve(process.env.PARTSFRONT_BUILDS_DIR || 'builds');
export const CURRENT_LINK = path.join(BUILDS_DIR, 'current');
/** The serving process writes its pid here so `npm run rebuild` can tell it to switch (SIGHUP). */
export const SERVER_PID_FILE = path.join(BUILDS_DIR, 'server.pid');

export function currentBuildDir(): string {
  if (process.env.PARTSFRONT_BUILD_DIR) return path.resolve(process.env.PARTSFRONT_BUILD_DIR);
  try {
    return fs.realpathSync(CURRENT_LINK);
  } catch {
    return path.resolve(process.env.PARTSFRONT_OUT_DIR ?? 'dist');
  }
}
