/** Where the served build lives: PARTSFRONT_BUILD_DIR, else builds/current (atomic rebuilds), else dist/. */
import fs from 'node:fs';
import path from 'node:path';

export const BUILDS_DIR = path.resolve('builds');
export const CURRENT_LINK = path.join(BUILDS_DIR, 'current');

export function currentBuildDir(): string {
  if (process.env.PARTSFRONT_BUILD_DIR) return path.resolve(process.env.PARTSFRONT_BUILD_DIR);
  try {
    return fs.realpathSync(CURRENT_LINK);
  } catch {
    return path.resolve(process.env.PARTSFRONT_OUT_DIR ?? 'dist');
  }
}
