/**
 * Keeps the auth tables small (docs/product/accounts.md#tokens): refresh and one-time tokens are deleted a day
 * after they expired (long past any use; a reuse that late finds nothing and is refused as unknown), and
 * families older than 30 days once none of their tokens is left. Run with each new session.
 */
import type { Db } from '#server/db/connection.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function pruneAuthState(db: Db, now = Date.now()): Promise<void> {
  const dayAgo = new Date(now - DAY_MS).toISOString();
  await db.deleteFrom('auth_refresh_tokens').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('auth_one_time_tokens').where('expires_at', '<', dayAgo).execute();
  await db
    .deleteFrom('auth_token_families')
    .where('created_at', '<', new Date(now - 30 * DAY_MS).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('auth_refresh_tokens').select('token_hash').whereRef('auth_refresh_tokens.family_id', '=', 'auth_token_families.id'),
        ),
      ),
    )
    .execute();
}
