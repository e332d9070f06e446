// The server build a bench runs against: PARTSFRONT_BUILD_DIR, else the test build `npm test` leaves, else the
// switched rebuild, else `npm run build`'s dist. Exits with a hint when there is none.
import fs from 'node:fs';
import path from 'node:path';

export function findBuildDir() {
  const dir = [process.env.PARTSFRONT_BUILD_DIR, '.cache/test/build', 'builds/current', 'dist']
    .filter(Boolean)
    .map((d) => path.resolve(d))
    .find((d) => fs.existsSync(path.join(d, 'server', 'entry.mjs')));
  if (!dir) {
    console.error('no build found: run `npm run build` (or npm test once) first');
    process.exit(1);
  }
  return dir;
}
