/**
 * A full JSON Lines import on SQLite builds the unique (storefront, slug) index of product translations once, after
 * the products, instead of row by row (docs/adr/0029-streamed-catalogue-import.md): slugs arrive in no order, so
 * each row touched a page anywhere in an index of 5 rows per product, far larger than the page cache at 1,000,000
 * products; made at the end it is one sort. Same transaction, so a failed import leaves the index as it was.
 * PostgreSQL keeps the index: dropping it would lock the running server's reads of the table out until the commit.
 */
import { sql } from 'kysely';
import { isPostgres } from '#server/db/migrate.ts';
import { CatalogueLineError } from './catalogue-lines.ts';
import type { Trx } from './catalogue-writer.ts';

const SLUG_INDEX = 'product_translations_slug';

/** Drops the index and returns the statement that makes it again (its own, as stored), or null where it stays. */
export async function deferSlugIndex(trx: Trx): Promise<string | null> {
  if (isPostgres(trx)) return null;
  const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ${SLUG_INDEX}`.execute(trx);
  const definition = rows[0]?.sql;
  if (!definition) return null;
  await sql`DROP INDEX ${sql.id(SLUG_INDEX)}`.execute(trx);
  return definition;
}

/** Makes the index again; a slug used twice in a storefront throws, naming both products' lines. */
export async function restoreSlugIndex(trx: Trx, definition: string, lineOf: (productId: number) => number | undefined): Promise<void> {
  try {
    await sql.raw(definition).execute(trx);
  } catch (err) {
    const { rows } = await sql<{ locale: string; slug: string; first: number; second: number }>`
      SELECT locale, slug, MIN(product_id) AS first, MAX(product_id) AS second FROM product_translations
      GROUP BY locale, slug HAVING COUNT(*) > 1 LIMIT 1`.execute(trx);
    const twice = rows[0];
    if (!twice) throw err;
    const [earlier, later] = [lineOf(Number(twice.first)) ?? 0, lineOf(Number(twice.second)) ?? 0].sort((a, b) => a - b);
    throw new CatalogueLineError(
      later!,
      `(and line ${earlier}) the database refused a product: slug ${twice.slug} used twice in storefront ${twice.locale}`,
    );
  }
}
