// `npm run bench:weight [-- <build dir>]`: gzip bytes of HTML, CSS and JS (external + inline) per page
// type, from a build (default: the test build, else builds/current, else dist). Budgets (README.md, Measured): JS
// ≤ 75 KB gzip on content/category pages, ≤ 90 KB on product pages, ≤ 120 KB on the checkout page.
// The checkout page is rendered on demand: the build's own server (src/host/index.ts) is started on a free port
// and /checkout/{id} is fetched like a browser would, then weighed like the prerendered pages (the JS it
// references and their static imports, i.e. what loads with the page; its island mounts at once).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

const testBuild = path.join(process.env.PF_TEST_DIR ?? '.cache/test', 'build');
const candidates = [process.argv[2], testBuild, 'builds/current', 'dist'].filter(Boolean);
const root = candidates.find((d) => fs.existsSync(path.join(d, 'client', 'sv', 'index.html')));
if (!root) {
  console.error(`no build found in ${candidates.join(', ')}`);
  process.exit(1);
}
const client = path.join(root, 'client');
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const first = (dir) => {
  try {
    return fs.readdirSync(path.join(client, dir)).sort()[0];
  } catch {
    return undefined;
  }
};
const firstLeaf = (dir) => {
  // deepest first entry: a category page three levels down
  let rel = dir;
  for (;;) {
    const sub = fs
      .readdirSync(path.join(client, rel), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()[0];
    if (!sub) return rel;
    rel = path.join(rel, sub);
  }
};

const types = {
  home: 'sv',
  category: path.join('sv/category', first('sv/category') ?? ''),
  'category (leaf)': firstLeaf('sv/category'),
  brand: path.join('sv/brand', first('sv/brand') ?? ''),
  tag: path.join('sv/tag', first('sv/tag') ?? ''),
  product: path.join('sv/product', first('sv/product') ?? ''),
  // a prerendered appliance model page with its exploded view (docs/product/parts-finder.md#model-pages)
  model: path.join('sv/model', first('sv/model') ?? ''),
  content: path.join('sv/content', first('sv/content') ?? ''),
  calendar: 'sv/christmas-calendar',
};

const read = (u) => {
  try {
    return fs.readFileSync(path.join(client, u));
  } catch {
    return Buffer.alloc(0);
  }
};

/** gzip bytes of a page's HTML, its stylesheets and the JS it loads (shared chunks count once per page). */
function weigh(html) {
  const js = [...html.matchAll(/<script[^>]*\ssrc="(\/[^"]+)"/g)].map((m) => m[1]);
  // inline module imports, islands (component-url/renderer-url) and modulepreload links
  const modules = [
    ...html.matchAll(/(?:import|from)\s*["'](\/_astro\/[^"']+\.js)["']/g),
    ...html.matchAll(/(?:component-url|renderer-url)="(\/[^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="(\/[^"]+)"/g),
  ].map((m) => m[1]);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="(\/[^"]+)"/g)].map((m) => m[1]);
  // JSON script tags (island props, ld+json) are data: counted in the HTML, not as JS.
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('\n');
  // follow static imports of the page's modules once
  const seen = new Set();
  const queue = [...js, ...modules];
  let jsBytes = 0;
  while (queue.length) {
    const u = queue.shift();
    if (seen.has(u)) continue;
    seen.add(u);
    const src = read(u);
    jsBytes += gz(src);
    for (const m of src.toString().matchAll(/(?:import|from)\s*["'](\.\/[^"']+\.js|\/_astro\/[^"']+\.js)["']/g))
      queue.push(m[1].startsWith('./') ? path.posix.join(path.posix.dirname(u), m[1]) : m[1]);
  }
  return {
    htmlGz: gz(Buffer.from(html)),
    cssGz: css.reduce((n, u) => n + gz(read(u)), 0),
    jsGz: jsBytes + (inline ? gz(Buffer.from(inline)) : 0),
    jsFiles: seen.size,
  };
}

const rows = [];
for (const [type, rel] of Object.entries(types)) {
  const file = path.join(client, rel, 'index.html');
  if (!fs.existsSync(file)) continue;
  rows.push({ type, page: rel, ...weigh(fs.readFileSync(file, 'utf8')) });
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** GET on a storefront host (Node does not resolve *.localhost: connect to 127.0.0.1 with the Host header). */
const get = (port, p) =>
  new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, headers: { host: `sv.localhost:${port}` } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${p} timed out`)));
  });

/** The HTML the build's server renders for /checkout/{id} (sv); null when the build has no server. */
async function renderCheckout() {
  if (!fs.existsSync(path.join(root, 'server', 'entry.mjs'))) return null;
  const port = await freePort();
  // The test build's database lies next to it; otherwise DATABASE_URL (or the server's default) as for `npm run serve`.
  const sibling = path.join(path.dirname(root), 'catalogue.db');
  const databaseUrl = process.env.DATABASE_URL || (fs.existsSync(sibling) ? `sqlite:${sibling}` : '');
  const server = spawn(process.execPath, ['src/host/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PARTSFRONT_BUILD_DIR: root,
      // Read-only visit: no provider sandbox, no reconciliation runs.
      PARTSFRONT_SANDBOX: 'off',
      PARTSFRONT_RECONCILE_INTERVAL_S: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  try {
    for (const deadline = Date.now() + 30_000; ;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${log}`);
      const up = await get(port, '/healthz').catch(() => null);
      if (up?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The page is the same shell for every id (the island opens or resumes the checkout in the browser).
    const id = randomBytes(16).toString('base64url');
    const page = await get(port, `/checkout/${id}`);
    if (page.status !== 200) throw new Error(`GET /checkout/${id} answered ${page.status}`);
    return page.body;
  } finally {
    server.kill('SIGTERM');
  }
}

let failed = false;
try {
  const html = await renderCheckout();
  if (html) rows.push({ type: 'checkout (on demand)', page: 'sv/checkout/{id}', ...weigh(html) });
  else console.warn(`no server in ${root}: the checkout page is not measured`);
} catch (err) {
  failed = true;
  console.error(`checkout page not measured: ${err instanceof Error ? err.message : err}`);
}

console.log(`build: ${root}`);
console.table(rows.map((r) => ({ ...r, 'jsGz KB': (r.jsGz / 1024).toFixed(1) })));
const product = rows.find((r) => r.type === 'product');
if (product) console.log(`product page JS: ${(product.jsGz / 1024).toFixed(1)} KB gzip (budget 90 KB)`);
const model = rows.find((r) => r.type === 'model');
if (model) console.log(`model page JS: ${(model.jsGz / 1024).toFixed(1)} KB gzip (budget 90 KB)`);
const checkout = rows.find((r) => r.type.startsWith('checkout'));
if (checkout) console.log(`checkout page JS: ${(checkout.jsGz / 1024).toFixed(1)} KB gzip (budget 120 KB)`);
const over = [product && product.jsGz > 90 * 1024, model && model.jsGz > 90 * 1024, checkout && checkout.jsGz > 120 * 1024].some(Boolean);
if (failed || over) process.exitCode = 1;
