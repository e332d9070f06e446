// `npm run bench:checkout`: order completion (POST /api/checkout/{id}/place with the shop's own invoice:
// re-pricing, stock reservation, order number, order row, events) at an evenly paced rate, each request a
// different checkout prepared beforehand. Prints p50/p99/max and failures. Budget (README, Measured):
// p99 ≤ 150 ms at a steady rate on 2 cores, excluding the provider's own time (the own invoice has none).
// Seeds its own SQLite database (BENCH_DB, default /tmp/partsfront-bench-checkout.db) and uses an existing build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { postJson } from '#tests/support/http.ts';
import { startServer } from '#tests/support/server.ts';
import { pacedLoad } from './paced-load.mjs';
import { findBuildDir } from './find-build.mjs';

const DB_FILE = path.resolve(process.env.BENCH_DB ?? '/tmp/partsfront-bench-checkout.db');
const PORT = Number(process.env.BENCH_PORT ?? 4698);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const dbUrl = `sqlite:${DB_FILE}`;

fs.rmSync(DB_FILE, { force: true });
const seeded = spawnSync(process.execPath, ['scripts/db.mjs', 'seed', '--products', '1000'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: dbUrl },
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
// Plenty of stock: the bench measures completion, not running out.
const raw = new DatabaseSync(DB_FILE);
raw.exec("UPDATE products SET stock_quantity = 1000000 WHERE stock_status = 'in-stock'");
const skus = raw
  .prepare("SELECT sku FROM products WHERE orderable = 1 AND stock_status = 'in-stock' ORDER BY id LIMIT 50")
  .all()
  .map((r) => r.sku);
raw.close();

const buildDir = findBuildDir();

const server = await startServer({ port: PORT, databaseUrl: dbUrl, buildDir });
const api = (p) => `http://sv.localhost:${PORT}${p}?locale=sv&sid=1`;
const customer = {
  type: 'consumer',
  email: 'bench@example.se',
  mobile: '0701234567',
  first_name: 'B',
  last_name: 'Ench',
  street: 'Gatan 1',
  postal_code: '12345',
  city: 'Stockholm',
};

async function prepare(i) {
  const items = [0, 1, 2].map((k) => ({ sku: skus[(i + k * 7) % skus.length], quantity: 1 + ((i + k) % 3) }));
  const { id } = (await postJson(api('/api/checkout'), { items })).json();
  const view = (await postJson(api(`/api/checkout/${id}`), { customer })).json();
  const option = view.shipping_options.find((o) => o.kind === 'home') ?? view.shipping_options[0];
  await postJson(api(`/api/checkout/${id}`), { shipping_option_id: option.id, payment_method: 'invoice' });
  if (option.has_service_points) {
    const points = (await postJson(api(`/api/checkout/${id}`), {})).json().service_points;
    await postJson(api(`/api/checkout/${id}`), { service_point_id: points[0].id });
  }
  return id;
}

try {
  const total = Math.round(RATE * SECONDS);
  const ids = [];
  for (let i = 0; i < total + 10; i++) ids.push(await prepare(i));
  // warm-up, not measured
  for (const id of ids.slice(total)) await postJson(api(`/api/checkout/${id}/place`), { terms_accepted: true });
  let k = 0;
  const r = await pacedLoad({
    port: PORT,
    host: `sv.localhost:${PORT}`,
    rate: RATE,
    seconds: SECONDS,
    next: () => ({
      method: 'POST',
      path: `/api/checkout/${ids[k++]}/place?locale=sv&sid=1`,
      body: JSON.stringify({ terms_accepted: true }),
      headers: { 'content-type': 'application/json' },
    }),
  });
  const orders = new DatabaseSync(DB_FILE, { readOnly: true })
    .prepare('SELECT COUNT(*) AS n FROM orders WHERE checkout_id IS NOT NULL')
    .get().n;
  console.log(
    `checkout completion @ ${RATE}/s for ${SECONDS} s: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, failed ${r.failed}, orders ${orders}`,
  );
} finally {
  await server.stop();
}
