// `npm run bench:memory`: what one anonymous client can make the server hold. 2,000 varied product searches
// and 5,000 POST /api/sync-coupons with 200-line carts (real skus, varied quantities, a few codes) from one
// client in about 20 s (at most BENCH_CONCURRENCY = 8 requests open), then an idle period (BENCH_IDLE_SECONDS,
// default 60). Prints the server's RSS (VmRSS of /proc/<pid>/status) before, at its peak (VmHWM), right after
// and after the idle period, with V8's heap and the byte-bounded caches' stats next to it; those two are asked
// over the IPC channel of the server process this bench spawns (a bench-only preload, never an endpoint).
// Budget (README.md, Measured; docs/product/performance.md#memory): that traffic leaves the server at most
// 150 MiB above where it started once it has been idle for a minute, and at most 250 MiB above at the peak.
// Seeds its own SQLite database (BENCH_PRODUCTS demo products, default 300 like the test catalogue; the 50k
// database is the one `npm run bench:api` seeds and reuses) and uses an existing build. Figures only.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { findBuildDir } from './find-build.mjs';
import { warmSearch } from './warm-search.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const DB_FILE = path.resolve(process.env.BENCH_DB ?? `/tmp/partsfront-bench-${PRODUCTS / 1000}k.db`);
const PORT = Number(process.env.BENCH_PORT ?? 4513);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 2000);
const SYNCS = Number(process.env.BENCH_SYNCS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const CART_LINES = 200;
const CODES = ['SAVE10', 'GROUP20', 'NOTGROUP15', 'CATB25', 'FIXED5', 'FULLPRICE10', 'BIGSPENDER', 'B2G1', 'BUNDLE50', 'NOSUCHCODE'];
const env = { ...process.env, DATABASE_URL: `sqlite:${DB_FILE}`, ASTRO_TELEMETRY_DISABLED: '1' };

async function openCatalogue() {
  if (!fs.existsSync(DB_FILE)) return null;
  const { DatabaseSync } = await import('node:sqlite');
  try {
    return new DatabaseSync(DB_FILE, { readOnly: true });
  } catch {
    return null;
  }
}
let db = await openCatalogue();
if (Number(db?.prepare('SELECT COUNT(*) AS n FROM products').get().n ?? 0) !== PRODUCTS) {
  db?.close();
  console.log(`seeding ${PRODUCTS} products into ${DB_FILE} …`);
  const r = spawnSync(process.execPath, ['scripts/db.mjs', 'seed', '--products', String(PRODUCTS)], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
  db = await openCatalogue();
} else {
  // a database seeded by an earlier version: bring its schema up to date
  const r = spawnSync(process.execPath, ['scripts/db.mjs', 'migrate'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const skus = db
  .prepare('SELECT sku FROM products ORDER BY id')
  .all()
  .map((r) => r.sku);
const names = db
  .prepare("SELECT name FROM product_translations WHERE locale = 'sv' ORDER BY product_id")
  .all()
  .map((r) => r.name);
db.close();

// A fixed seed: every run sends the same traffic.
let seed = 0x9e3779b9;
const random = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const pick = (list) => list[Math.floor(random() * list.length)];

/** A query as a shopper types it: a prefix of one or two words of a product name, or of a sku. */
function searchPath() {
  const words = pick(names).toLowerCase().split(/\s+/);
  const start = Math.floor(random() * words.length);
  const chosen = words.slice(start, start + 1 + Math.floor(random() * 2)).join(' ');
  const text =
    random() < 0.2 ? pick(skus).slice(0, 3 + Math.floor(random() * 7)) : chosen.slice(0, 2 + Math.floor(random() * chosen.length));
  const params = new URLSearchParams({ locale: 'sv', sid: '1', query: text, limit: String(pick([10, 24, 48])) });
  if (random() < 0.5) params.set('nc', 'true');
  if (random() < 0.5) params.set('co', 'true');
  if (random() < 0.3) params.set('offset', String(Math.floor(random() * 5) * 24));
  return `/api/products?${params}`;
}

/** 200 lines of real skus with varied quantities, the whole line as a client holds it, and a few codes. */
function syncBody() {
  const cart_contents = Array.from({ length: CART_LINES }, (_, i) => ({
    uuid: `line-${i}-${Math.floor(random() * 1e9).toString(36)}`,
    sku: pick(skus),
    quantity: 1 + Math.floor(random() * 9),
    price: Math.round(random() * 100000) / 100,
    ordinary_price: Math.round(random() * 100000) / 100,
    pricing: [{ q: 1, p: Math.round(random() * 100000) / 100 }],
  }));
  const coupons = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(CODES));
  return JSON.stringify({ coupons: [...new Set(coupons)], cart_contents });
}

// The server, with a bench-only preload that answers { memory, caches } over IPC (caches: the stats of every
// bounded cache registered on globalThis by src/server/cache/process-cache.ts).
const probe = `
process.on('message', (m) => {
  if (m !== 'memory') return;
  if (process.env.BENCH_GC === '1') globalThis.gc();
  const registry = globalThis[Symbol.for('partsfront.cache.registry')];
  const caches = {};
  for (const [name, cache] of registry ?? []) caches[name] = cache.stats();
  const spaces = {};
  for (const sp of process.getBuiltinModule('node:v8').getHeapSpaceStatistics())
    spaces[sp.space_name.replace(/_space$/, '')] = [sp.space_size, sp.space_used_size];
  process.send({ memory: process.memoryUsage(), caches, spaces });
});`;
const buildDir = findBuildDir();
// The server's node flags are those of `npm run serve` (package.json), unless BENCH_NODE_FLAGS gives others (to
// compare settings; "none" for none). BENCH_GC=1: a full GC before each sample (what is live rather than what
// the heap holds). BENCH_SERVER_LOG: the server's stdout to that file. BENCH_SPACES=1: where the RSS is.
const serveFlags = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  .scripts.serve.split(/\s+/)
  .filter((a) => a.startsWith('--'));
const chosenFlags =
  process.env.BENCH_NODE_FLAGS === undefined ? serveFlags : process.env.BENCH_NODE_FLAGS.split(/\s+/).filter((a) => a.startsWith('--'));
const nodeFlags = [...chosenFlags, ...(process.env.BENCH_GC === '1' ? ['--expose-gc'] : [])];
const serverLog = process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore';
const server = spawn(
  process.execPath,
  [...nodeFlags, '--import', `data:text/javascript,${encodeURIComponent(probe)}`, 'src/host/index.ts'],
  {
    env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', PARTSFRONT_BUILD_DIR: buildDir },
    stdio: ['ignore', serverLog, 'inherit', 'ipc'],
  },
);
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stop);
server.on('exit', (code) => {
  if (code) {
    console.error(`server exited (${code}); is port ${PORT} free? (BENCH_PORT)`);
    process.exit(1);
  }
});

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const host = `sv.localhost:${PORT}`;
function call(method, p, body, storefront = host) {
  return new Promise((resolve) => {
    const headers = { host: storefront, ...(body ? { 'content-type': 'application/json' } : {}) };
    const req = http.request({ host: '127.0.0.1', port: PORT, path: p, method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, cache: res.headers['x-cache'] }));
    });
    req.on('error', () => resolve({ status: 0 }));
    req.end(body);
  });
}

const kib = (line) => Number(/(\d+)\s*kB/.exec(line)?.[1] ?? 0);
function procStatus() {
  const text = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const field = (name) => kib(text.split('\n').find((l) => l.startsWith(`${name}:`)) ?? '');
  return { rss: field('VmRSS') / 1024, hwm: field('VmHWM') / 1024 };
}
/**
 * Where the RSS is (/proc/<pid>/smaps): the V8 heap lives in its pointer-compression cage (one reservation of
 * GiBs), malloc in [heap] and in 64 MiB arenas of other threads (anonymous), code and data in mapped files.
 */
function rssBreakdown() {
  const out = { v8: 0, malloc: 0, otherAnon: 0, files: 0 };
  let kind = 'files';
  for (const line of fs.readFileSync(`/proc/${server.pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (range) {
      const size = (parseInt(range[2], 16) - parseInt(range[1], 16)) / 2 ** 20;
      const name = range[3];
      kind =
        name === '[heap]'
          ? 'malloc'
          : name && !name.startsWith('[anon')
            ? 'files'
            : size >= 1024
              ? 'v8'
              : size >= 60 && size <= 64
                ? 'malloc'
                : 'otherAnon';
    } else if (line.startsWith('Rss:')) out[kind] += kib(line) / 1024;
  }
  return out;
}
function ask() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5000);
    server.once('message', (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    server.send('memory');
  });
}
const mib = (n) => `${n.toFixed(0).padStart(5)} MiB`;
async function sample(title) {
  const { rss, hwm } = procStatus();
  const m = await ask();
  const heap = m ? `   heapUsed ${mib(m.memory.heapUsed / 2 ** 20)}   heapTotal ${mib(m.memory.heapTotal / 2 ** 20)}` : '';
  const ext = m ? `   external+buffers ${mib((m.memory.external + m.memory.arrayBuffers) / 2 ** 20)}` : '';
  console.log(`${title.padEnd(30)} RSS ${mib(rss)}${heap}${ext}`);
  if (process.env.BENCH_SPACES === '1') {
    const b = rssBreakdown();
    console.log(
      `${''.padEnd(30)} RSS in: V8 cage ${mib(b.v8)}, malloc ${mib(b.malloc)}, other anonymous ${mib(b.otherAnon)}, files ${mib(b.files)}`,
    );
  }
  if (m && process.env.BENCH_SPACES === '1')
    console.log(
      `${''.padEnd(30)} V8 spaces (size/used MiB): ${Object.entries(m.spaces)
        .filter(([, [size]]) => size > 2 ** 20)
        .map(([name, [size, used]]) => `${name} ${(size / 2 ** 20).toFixed(0)}/${(used / 2 ** 20).toFixed(0)}`)
        .join(', ')}`,
    );
  if (m)
    for (const [name, s] of Object.entries(m.caches))
      console.log(
        `${''.padEnd(30)} cache ${name.padEnd(16)} ${String(s.entries).padStart(6)} entries ${(s.bytes / 2 ** 20).toFixed(1).padStart(6)} of ${(s.maxBytes / 2 ** 20).toFixed(0)} MiB, ${s.evictions} evicted, ${s.expired} expired`,
      );
  return { rss, hwm };
}

for (let i = 0; ; i++) {
  if ((await call('GET', '/healthz')).status === 200) break;
  if (i > 300) {
    console.error('server did not start');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
// Warm-up: every storefront's search index loaded, so "before" is a server that has served.
await warmSearch(PORT);
// Then a quiet spell long enough for the server's idle reclaim (docs/product/performance.md#idle-reclaim), so
// "before" is the settled level rather than what warming up left (BENCH_SETTLE_SECONDS, default 15).
await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_SECONDS ?? 15) * 1000));
await call('POST', '/api/sync-coupons?locale=sv&sid=1', syncBody());
console.log(
  `server: node ${nodeFlags.join(' ')} src/host/index.ts${process.env.PARTSFRONT_IDLE_RECLAIM === 'off' ? ' (idle reclaim off)' : ''}`,
);
console.log(
  `${PRODUCTS} products; ${SEARCHES} searches + ${SYNCS} sync-coupons (${CART_LINES}-line carts) from one client in ~${SECONDS} s`,
);
const before = await sample('before');
// The peak of this traffic, not of the warm-up: reset VmHWM (Linux, our own child); else the samples' maximum.
let hwmReset = true;
try {
  fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
} catch {
  hwmReset = false;
}

// One client: the requests interleaved (2 searches : 5 syncs), evenly paced over SECONDS, at most CONCURRENCY open.
const plan = [];
for (let i = 0, s = 0, c = 0; s < SEARCHES || c < SYNCS; i++)
  if (c >= SYNCS || (s < SEARCHES && s * SYNCS <= c * SEARCHES)) {
    plan.push(['GET', searchPath()]);
    s++;
  } else {
    plan.push(['POST', '/api/sync-coupons?locale=sv&sid=1', syncBody()]);
    c++;
  }
const statuses = {};
let hits = 0;
let next = 0;
const searchMs = [];
const syncMs = [];
const started = performance.now();
const interval = (SECONDS * 1000) / plan.length;
let peakSeen = before.rss;
const watch = setInterval(() => {
  peakSeen = Math.max(peakSeen, procStatus().rss);
}, 100);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < plan.length) {
      const i = next++;
      const wait = started + i * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t0 = performance.now();
      const r = await call(...plan[i]);
      (plan[i][0] === 'GET' ? searchMs : syncMs).push(performance.now() - t0);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.cache === 'HIT') hits++;
    }
  }),
);
clearInterval(watch);
const seconds = (performance.now() - started) / 1000;
console.log(
  `sent ${plan.length} requests in ${seconds.toFixed(1)} s: ${Object.entries(statuses)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ')}${hits ? ` (${hits} sync-coupons cache hits)` : ''}`,
);
const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
for (const [name, list] of [
  ['search', searchMs],
  ['sync-coupons', syncMs],
])
  console.log(`  ${name.padEnd(13)} latency p50 ${pct(list, 50).toFixed(1)} ms, p99 ${pct(list, 99).toFixed(1)} ms`);
const after = await sample('right after');
const peak = hwmReset ? Math.max(after.hwm, peakSeen) : peakSeen;
console.log(`${(hwmReset ? 'peak (VmHWM)' : 'peak (sampled every 100 ms)').padEnd(30)} RSS ${mib(peak)}`);
for (let left = IDLE_SECONDS; left > 0; left -= Math.min(left, 30)) {
  await new Promise((r) => setTimeout(r, Math.min(left, 30) * 1000));
  if (left > 30) await sample(`idle ${IDLE_SECONDS - left + 30} s`);
}
const idle = await sample(`after ${IDLE_SECONDS} s idle`);
const grewAtPeak = peak - before.rss;
const grewIdle = idle.rss - before.rss;
const verdict = (grew, budget) =>
  `${grew < 0 ? '' : '+'}${grew.toFixed(0)} MiB (budget +${budget} MiB: ${grew <= budget ? 'within' : 'OVER'})`;
console.log(`growth after ${IDLE_SECONDS} s idle ${verdict(grewIdle, 150)}; at the peak ${verdict(grewAtPeak, 250)}`);
agent.destroy();
stop();
process.exit(0);
