/** Placeholder until helper P's redirects module lands (same contract). */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export async function addRedirect(
  trx: Kysely<Database>,
  r: { locale: string; from: string; to: string; by: string; at: string },
): Promise<void> {
  await trx.updateTable('content_redirects').set({ to_slug: r.to }).where('locale', '=', r.locale).where('to_slug', '=', r.from).execute();
  await trx.deleteFrom('content_redirects').where('locale', '=', r.locale).where('from_slug', '=', r.to).execute();
  await trx
    .insertInto('content_redirects')
    .values({ locale: r.locale, from_slug: r.from, to_slug: r.to, created_by: r.by, created_at: r.at })
    .execute();
}
