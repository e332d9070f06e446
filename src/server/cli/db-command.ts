/** `npm run db:migrate | seed | import | export-demo`: schema, demo catalogue and JSON / JSON Lines imports on either engine. */
import fs from 'node:fs';
import { openDb, type Db } from '#server/db/connection.ts';
import type { DbConfig } from '#server/db/config.ts';
import { migrate } from '#server/db/migrate.ts';
import { assertReachable } from '#server/db/reachable.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { importCatalogueLines } from '#server/catalogue/import-lines.ts';
import { documentLines } from '#server/catalogue/catalogue-lines.ts';
import { demoCatalogueLines, STREAMED_DEMO_FROM } from '#server/seed/demo-stream.ts';
import { isCatalogueEmpty } from '#server/catalogue/catalogue-status.ts';
import { progressBar } from './progress-bar.ts';
import { seedDemoCustomers } from '#server/seed/demo-customers.ts';
import { seedDemoOrders } from '#server/seed/demo-guest-order.ts';
import { seedSubscriptionOffers } from '#server/seed/demo-subscription-offers.ts';
import { storeSearchIndexesInThreads } from '#server/search/store-search-indexes.ts';

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
}

/** The new catalogue's search indexes, ready for the server's first search (docs/product/search.md#index-freshness-and-caching). */
async function storeIndexes(db: Db, config: DbConfig): Promise<void> {
  const started = Date.now();
  await storeSearchIndexesInThreads(db, config);
  console.log(`stored the search indexes of all storefronts (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const isJsonLines = (file: string) => /\.(jsonl|ndjson)$/i.test(file);

/** Positive whole number option, or the default. */
function count(args: string[], name: string, fallback?: number): number | undefined {
  const given = arg(args, name);
  if (given === undefined) return fallback;
  const n = Number(given);
  if (!Number.isInteger(n) || n < 0 || (name === '--products' && n < 1)) throw new Error(`${name} must be a positive integer`);
  return n;
}

/** Large demos are made one product at a time (demo-stream.ts): bounded memory, but no models or relations. */
const streamedDemo = (args: string[], products: number) => args.includes('--stream') || products > STREAMED_DEMO_FROM;

/** The demo catalogue as a JSON Lines file, the same bytes for the same options (docs/product/catalogue.md#json-lines). */
async function exportDemo(args: string[]): Promise<void> {
  const file = args.find((a, i) => !a.startsWith('--') && !['--products', '--models'].includes(args[i - 1] ?? ''));
  if (!file || !isJsonLines(file))
    throw new Error('usage: node scripts/db.mjs export-demo --products N [--models M] [--stream] <out.jsonl>');
  const products = count(args, '--products', 1000)!;
  const lines = streamedDemo(args, products)
    ? demoCatalogueLines({ products, onProgress: progressBar('generating') })
    : documentLines(generateDemoCatalogue({ products, models: count(args, '--models') }));
  const out = fs.createWriteStream(file);
  for (const line of lines) {
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
  console.log(`wrote ${file}: ${products} products${streamedDemo(args, products) ? ' (streamed demo)' : ''}`);
}

export async function runDbCommand(command: string, args: string[]): Promise<void> {
  if (command === 'export-demo') return exportDemo(args);
  const { db, config } = openDb();
  const where = config.kind === 'postgres' ? 'PostgreSQL' : config.file;
  try {
    await assertReachable(db, config);
    const applied = await migrate(db);
    if (applied.length) console.log(`migrated ${where}: ${applied.join(', ')}`);
    if (command === 'migrate') return;
    if (command === 'seed') {
      const ifEmpty = args.includes('--if-empty');
      if (ifEmpty && !(await isCatalogueEmpty(db))) return;
      const products = Number(arg(args, '--products') ?? 1000);
      if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive integer');
      const models = arg(args, '--models') === undefined ? undefined : Number(arg(args, '--models'));
      if (models !== undefined && (!Number.isInteger(models) || models < 0)) throw new Error('--models must be a whole number');
      const summary = streamedDemo(args, products)
        ? await importCatalogueLines(db, demoCatalogueLines({ products, now: new Date(), onProgress: progressBar('writing   ') }))
        : await writeCatalogue(
            db,
            generateDemoCatalogue({ products, models, now: new Date(), onProgress: progressBar('generating') }),
            progressBar('writing   '),
          );
      console.log(
        `seeded ${where}: ${summary.products} products, ${summary.categories} categories, ${summary.brands} brands, ${summary.models} appliance models`,
      );
      if (await seedDemoCustomers(db)) console.log('added the demo customer (README: Demo account)');
      if (await seedDemoOrders(db)) console.log('added the demo guest order (README: Demo account)');
      const offers = await seedSubscriptionOffers(db);
      if (offers) console.log(`offered subscriptions on ${offers} demo filters and bags`);
      await storeIndexes(db, config);
      return;
    }
    if (command === 'import') {
      const file = args.find((a) => !a.startsWith('--'));
      if (!file) throw new Error('usage: npm run import -- <catalogue.json | catalogue.jsonl> [--delta]');
      const delta = args.includes('--delta');
      if (isJsonLines(file)) {
        // streamed, validated line by line, in one transaction (docs/product/catalogue.md#json-lines)
        const started = Date.now();
        const s = await importCatalogueLines(db, file, { delta, onProgress: progressBar('importing (bytes)') });
        const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
        console.log(
          delta
            ? `imported ${file} into ${where} (delta): ${s.products} products read, ${s.changed} written (${s.added} new) in ${took}`
            : `imported ${file} into ${where}: ${s.products} products, ${s.categories} categories in ${took}`,
        );
      } else {
        if (delta) throw new Error('--delta needs a JSON Lines file (.jsonl): docs/product/catalogue.md#json-lines');
        const json = JSON.parse(fs.readFileSync(file, 'utf8'));
        const summary = await writeCatalogue(db, json, progressBar('importing '));
        console.log(`imported ${file} into ${where}: ${summary.products} products, ${summary.categories} categories`);
      }
      await storeIndexes(db, config);
      return;
    }
    throw new Error(`unknown command ${command} (migrate | seed | import | export-demo)`);
  } finally {
    await db.destroy();
  }
}
