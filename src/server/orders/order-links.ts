/**
 * The link in an order confirmation that opens the order for a guest (docs/product/account-pages.md#the-link-in-the-confirmation-e-mail).
 * A random secret goes into the e-mail and only its hash into the database; using it once starts a guest
 * session for that one order. It is not an account one-time token: guest orders have no customer.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { isOpaqueToken, newOpaqueToken, tokenHash } from '#server/security/token-hash.ts';
import { siteSettings } from '#server/market/site-settings.ts';

/** A confirmation is read days or weeks later; the order itself stays reachable with number and e-mail. */
export const ORDER_LINK_TTL_SECONDS = 30 * 24 * 3600;
/** The query parameter of the link on the guest order page (not `token`, which signs in to an account). */
export const ORDER_LINK_PARAM = 'link';

const iso = (ms: number) => new Date(ms).toISOString();

/** Stores the hash; answers the absolute URL of the guest order page with the secret. */
export async function issueOrderLink(db: Db, locale: LocaleCode, orderId: string, now = Date.now()): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('order_access_links')
    .values({
      token_hash: tokenHash(token),
      order_id: orderId,
      created_at: iso(now),
      expires_at: iso(now + ORDER_LINK_TTL_SECONDS * 1000),
      used_at: null,
    })
    .execute();
  return `${siteSettings().origins[locale]}${pathFor('my-order-id', locale, { id: orderId })}?${ORDER_LINK_PARAM}=${token}`;
}

/** Whether the link is still usable for this order, without using it (to show the open button). */
export async function orderLinkUsable(db: Db, token: unknown, orderId: string, now = Date.now()): Promise<boolean> {
  if (!isOpaqueToken(token)) return false;
  const row = await db
    .selectFrom('order_access_links')
    .select('order_id')
    .where('token_hash', '=', tokenHash(token))
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses the link once (one conditional update, so two clicks at the same time cannot both succeed). */
export async function consumeOrderLink(db: Db, token: unknown, orderId: string, now = Date.now()): Promise<boolean> {
  if (!isOpaqueToken(token)) return false;
  const r = await db
    .updateTable('order_access_links')
    .set({ used_at: iso(now) })
    .where('token_hash', '=', tokenHash(token))
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
