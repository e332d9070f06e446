// `node bench/model-pages.mjs <build dir> <database url>`: what a model page left out of the build costs
// (docs/adr/0027-model-pages-on-demand.md). Starts the server on the build (made with PORT=BENCH_BUILD_PORT, default
// 4741, so its pages may be written), asks BENCH_MODELS (default 60) model pages the build did not prerender one at a
// time in the sv storefront — each its first request, rendered through the twin and kept — then the same pages again
// (now files), and prints p50/p95 of both.
import fs from 'node:fs';
import path from 'node:path';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { request } from '#tests/support/http.ts';
import { startServer } from '#tests/support/server.ts';

const [buildDir, databaseUrl] = process.argv.slice(2);
if (!buildDir || !databaseUrl) throw new Error('usage: node bench/model-pages.mjs <build dir> <database url>');
const port = Number(process.env.BENCH_PORT ?? 4749);
const count = Number(process.env.BENCH_MODELS ?? 60);

const file = databaseUrl.replace(/^sqlite:/, '');
const { db } = openDb({ kind: 'sqlite', file });
const slugs = (await db.selectFrom('appliance_models').select('slug').orderBy('id').execute()).map((r) => r.slug);
await db.destroy();
const built = new Set(
  fs.existsSync(path.join(buildDir, 'client', 'sv', 'model')) ? fs.readdirSync(path.join(buildDir, 'client', 'sv', 'model')) : [],
);
const left = slugs.filter((s) => !built.has(s)).slice(0, count);

const server = await startServer({
  port,
  databaseUrl,
  buildDir: path.resolve(buildDir),
  env: { PARTSFRONT_CHANGE_POLL_MS: '0', PARTSFRONT_PUBLIC_PORT: process.env.BENCH_BUILD_PORT ?? '4741' },
});
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))].toFixed(1);
try {
  for (const round of ['first request', 'kept file']) {
    const ms = [];
    for (const slug of left) {
      const t = performance.now();
      const r = await request(`http://sv.localhost:${port}${pathFor('model-slug', 'sv', { slug })}`);
      ms.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`${slug}: ${r.status}\n${server.output().slice(-2000)}`);
    }
    console.log(`${round}: ${left.length} model pages, p50 ${pct(ms, 50)} ms, p95 ${pct(ms, 95)} ms`);
  }
} finally {
  await server.stop();
}
