// `npm run bench:weight [-- <build dir>]`: gzip bytes of HTML, CSS and JS (external + inline) per page
// type, from a build (default: the test build, else builds/current, else dist). Budgets (README.md, Measured): JS
// ≤ 75 KB gzip on content/category pages, ≤ 90 KB on product pages.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const candidates = [process.argv[2], '.cache/test/build', 'builds/current', 'dist'].filter(Boolean);
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
  content: path.join('sv/content', first('sv/content') ?? ''),
  calendar: 'sv/christmas-calendar',
};

const rows = [];
for (const [type, rel] of Object.entries(types)) {
  const file = path.join(client, rel, 'index.html');
  if (!fs.existsSync(file)) continue;
  const html = fs.readFileSync(file, 'utf8');
  const js = [...html.matchAll(/<script[^>]*\ssrc="(\/[^"]+)"/g)].map((m) => m[1]);
  // inline module imports, islands (component-url/renderer-url) and modulepreload links
  const modules = [
    ...html.matchAll(/(?:import|from)\s*["'](\/_astro\/[^"']+\.js)["']/g),
    ...html.matchAll(/(?:component-url|renderer-url)="(\/[^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="(\/[^"]+)"/g),
  ].map((m) => m[1]);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="(\/[^"]+)"/g)].map((m) => m[1]);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('\n');
  const read = (u) => {
    try {
      return fs.readFileSync(path.join(client, u));
    } catch {
      return Buffer.alloc(0);
    }
  };
  // follow static imports of the page's modules once (shared chunks count once per page)
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
  const cssBytes = css.reduce((n, u) => n + gz(read(u)), 0);
  rows.push({
    type,
    page: rel,
    htmlGz: gz(Buffer.from(html)),
    cssGz: cssBytes,
    jsGz: jsBytes + (inline ? gz(Buffer.from(inline)) : 0),
    jsFiles: seen.size,
  });
}
console.log(`build: ${root}`);
console.table(rows.map((r) => ({ ...r, 'jsGz KB': (r.jsGz / 1024).toFixed(1) })));
const product = rows.find((r) => r.type === 'product');
if (product) console.log(`product page JS: ${(product.jsGz / 1024).toFixed(1)} KB gzip (budget 90 KB)`);
