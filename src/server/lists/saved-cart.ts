/**
 * The cart saved for later (docs/product/lists.md#saved-cart): one per customer and storefront, on the account, so it
 * can be restored on any device. Only skus and quantities are kept: restoring prices them again (today's prices).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { LIST_LIMITS } from '#lib/lists/list-access.ts';
import { InvalidRequestError } from '#lib/errors/domain-errors.ts';

export interface SavedCart {
  lines: { sku: string; quantity: number }[];
  savedAt: string;
}

/** Saves the cart's lines, replacing a cart saved before in this storefront. */
export async function saveCart(
  db: Db,
  customerId: number,
  locale: LocaleCode,
  lines: readonly { sku: string; quantity: number }[],
): Promise<void> {
  if (lines.length === 0 || lines.length > LIST_LIMITS.linesPerList) throw new InvalidRequestError('the cart is empty or too long', 'cart');
  const row = { lines: JSON.stringify(lines.map((l) => ({ sku: l.sku, quantity: l.quantity }))), saved_at: new Date().toISOString() };
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('saved_carts').where('customer_id', '=', customerId).where('locale', '=', locale).execute();
    await tx
      .insertInto('saved_carts')
      .values({ customer_id: customerId, locale, ...row })
      .execute();
  });
}

export async function savedCart(db: Db, customerId: number, locale: LocaleCode): Promise<SavedCart | undefined> {
  const row = await db
    .selectFrom('saved_carts')
    .select(['lines', 'saved_at'])
    .where('customer_id', '=', customerId)
    .where('locale', '=', locale)
    .executeTakeFirst();
  if (!row) return undefined;
  const lines = JSON.parse(row.lines) as SavedCart['lines'];
  return { lines, savedAt: row.saved_at };
}

export async function deleteSavedCart(db: Db, customerId: number, locale: LocaleCode): Promise<void> {
  await db.deleteFrom('saved_carts').where('customer_id', '=', customerId).where('locale', '=', locale).execute();
}
