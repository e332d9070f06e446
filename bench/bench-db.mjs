// The demo catalogue a bench runs on: a SQLite file holding exactly `products` demo products, seeded (with its
// search indexes stored) when missing or of another size. Reused between runs: seeding 50k products takes a while.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

async function productCount(file) {
  if (!fs.existsSync(file)) return 0;
  const { DatabaseSync } = await import('node:sqlite');
  try {
    const db = new DatabaseSync(file, { readOnly: true });
    const n = db.prepare('SELECT COUNT(*) AS n FROM products').get().n;
    db.close();
    return Number(n);
  } catch {
    return 0;
  }
}

/** The database file's path; exits when seeding fails. */
export async function seededBenchDb(products, file = `/tmp/partsfront-bench-${products / 1000}k.db`) {
  const db = path.resolve(file);
  if ((await productCount(db)) !== products) {
    console.log(`seeding ${products} products into ${db} …`);
    const r = spawnSync(process.execPath, ['scripts/db.mjs', 'seed', '--products', String(products)], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: `sqlite:${db}` },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return db;
}
