/**
 * The Christmas calendar doors an editor chose (docs/product/content-studio.md#christmas-calendar): read by both ways
 * the calendar page is rendered (docs/adr/0017-incremental-pages.md), written by the studio with a change-feed row
 * carrying the page's own tag, so every node re-renders the calendar within seconds.
 */
import type { Transaction } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { recordChange } from './change-feed.ts';
import { calendarTag } from './page-tags.ts';

/** door → product id, for the storefront. */
export async function chosenDoors(db: Db | Transaction<Database>, locale: LocaleCode): Promise<Map<number, number>> {
  const rows = await db.selectFrom('calendar_doors').select(['door', 'product_id']).where('locale', '=', locale).execute();
  return new Map(rows.map((r) => [Number(r.door), Number(r.product_id)]));
}

/** Replaces the storefront's chosen doors (door → product id; a missing door goes back to the automatic pick). */
export async function chooseDoors(
  db: Db,
  locale: LocaleCode,
  doors: ReadonlyMap<number, number>,
  by: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_doors').where('locale', '=', locale).execute();
    const rows = [...doors].map(([door, product_id]) => ({ locale, door, product_id, chosen_by: by, chosen_at: now.toISOString() }));
    if (rows.length) await trx.insertInto('calendar_doors').values(rows).execute();
    await recordChange(trx, { tags: [calendarTag(locale)], locales: [locale], reason: 'content', changedBy: by });
  });
}
