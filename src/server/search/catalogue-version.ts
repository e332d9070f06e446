/** The catalogue's change detector shared by the in-process search indexes (docs/product/search.md#index-freshness-and-caching). */
import type { Db } from '#server/db/connection.ts';

/**
 * Cheap change detector (a primary-key lookup, no scan): writeCatalogue stamps every product with the
 * same updated_at, so the newest product's id and stamp change whenever the catalogue is replaced.
 */
export async function catalogueVersion(db: Db): Promise<string> {
  const r = await db.selectFrom('products').select(['id', 'updated_at']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return r ? `${r.id}:${r.updated_at}` : 'empty';
}
