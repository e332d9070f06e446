/** Fresh database (either engine) with the demo catalogue, and the site built from it. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb, type Db } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { migrate } from '#server/db/migrate.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { seedDemoCustomers } from '#server/seed/demo-customers.ts';
import { seedDemoOrders } from '#server/seed/demo-guest-order.ts';
import { seedSubscriptionOffers } from '#server/seed/demo-subscription-offers.ts';
import { runAstroBuildSync } from '#builds/astro-build.ts';
import { E2E_PORT, TEST_BUILD_DIR, TEST_PRODUCTS, TEST_SITEMAP_CHUNK, TEST_SQLITE_FILE } from './test-env.ts';

export function databaseUrlFor(url: string | undefined): string {
  return url && url.startsWith('postgres') ? url : `sqlite:${TEST_SQLITE_FILE}`;
}

/** Drops everything and seeds `products` demo products. PostgreSQL: recreates the public schema. */
async function dropEverySqliteTable(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(
    db,
  );
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  for (const { name } of rows) await sql`DROP TABLE IF EXISTS ${sql.id(name)}`.execute(db);
  await sql`PRAGMA foreign_keys = ON`.execute(db);
}

export async function resetDatabase(url: string, products = TEST_PRODUCTS): Promise<void> {
  const config = dbConfigFromEnv({ DATABASE_URL: url });
  const { db } = openDb(config);
  try {
    // the connection's own schema (public, or the one a URL's search_path names): two runs in separate schemas of one
    // database do not wipe each other
    if (config.kind === 'postgres') {
      // current_schema() is null while the search_path's first schema does not exist yet: that one, never public
      const { rows } = await sql<{ schema: string | null; path: string }>`
        SELECT current_schema() AS schema, current_setting('search_path') AS path`.execute(db);
      const first = rows[0]?.path.split(',')[0]?.trim().replace(/^"|"$/g, '');
      const schema = sql.id(rows[0]?.schema ?? (first && first !== '$user' ? first : 'public'));
      await sql`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`.execute(db);
    }
    // emptied in place, never deleted: a running server keeps a deleted file open and would go on reading the old
    // data while the tests write into the new file (a suite after data-layer.test.ts signing a staff member in)
    else await dropEverySqliteTable(db);
    await migrate(db);
    await writeCatalogue(db, generateDemoCatalogue({ products, now: new Date() }));
    // the README's demo account and guest order, as `npm run seed` adds them
    await seedDemoCustomers(db);
    await seedDemoOrders(db);
    await seedSubscriptionOffers(db);
  } finally {
    await db.destroy();
  }
}

export function buildSite(databaseUrl: string, outDir = TEST_BUILD_DIR): void {
  fs.rmSync(outDir, { recursive: true, force: true });
  // Its pages as one progress line (src/builds/astro-build.ts): the prepare output stays short.
  const r = runAstroBuildSync({
    // A build is always a production build, even when a test runner (NODE_ENV=test) starts it.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PARTSFRONT_OUT_DIR: outDir,
      PORT: String(E2E_PORT),
      PARTSFRONT_SITEMAP_CHUNK: String(TEST_SITEMAP_CHUNK),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  });
  if (r.code !== 0) throw new Error(`astro build failed (exit ${r.code}):\n${r.tail}`);
}

export function hasTestBuild(outDir = TEST_BUILD_DIR): boolean {
  return fs.existsSync(path.join(outDir, 'server', 'entry.mjs'));
}
