/**
 * Deal drafts (docs/product/content-editing.md#deals): the product a deal names must be sold in the storefront; the
 * deal row keeps the product's name and slug as the banner shows them, so they are read when the deal is published.
 */
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { Database } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { dealFieldsSchema, type DealFields } from '#lib/content/draft-contracts.ts';
import { InvalidTransitionError } from '#lib/errors/domain-errors.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import type { ContentDraftsTable } from '#server/db/content-draft-tables.ts';

type DraftRow = Selectable<ContentDraftsTable>;

export interface DealProduct {
  id: number;
  name: string;
  slug: string;
}

/** The product of this sku as the storefront sells it; undefined when it does not. */
export async function dealProduct(db: Db | Transaction<Database>, locale: LocaleCode, sku: string): Promise<DealProduct | undefined> {
  return localizedProducts(db as Db, locale)
    .where('p.sku', '=', sku)
    .select(['p.id', 't.name', 't.slug'])
    .executeTakeFirst();
}

export const dealFields = (d: DraftRow): DealFields | null => (d.deal ? dealFieldsSchema.parse(JSON.parse(d.deal)) : null);

export async function dealExists(db: Db, locale: LocaleCode, key: string): Promise<boolean> {
  if (key === 'new') return true;
  return !!(await db.selectFrom('deals').select('id').where('id', '=', Number(key)).where('locale', '=', locale).executeTakeFirst());
}

/**
 * Writes a deal draft over its deal (or as a new deal) inside the publishing transaction; returns the deal's id.
 * A product no longer sold in the storefront refuses the publish (nothing written).
 */
export async function publishDeal(trx: Transaction<Database>, draft: DraftRow): Promise<number> {
  const f = dealFields(draft)!;
  const locale = draft.locale as LocaleCode;
  const product = await dealProduct(trx, locale, f.sku);
  if (!product) throw new DealProductGone(`product ${f.sku} is not sold in this storefront any more`);
  const row = {
    locale,
    title: draft.title,
    product_id: product.id,
    product_name: product.name,
    product_slug: product.slug,
    discount: f.discount,
    starts_at: new Date(f.startsAt).toISOString(),
    expires_at: new Date(f.expiresAt).toISOString(),
  };
  if (draft.key !== 'new') {
    await trx.updateTable('deals').set(row).where('id', '=', Number(draft.key)).where('locale', '=', locale).execute();
    return Number(draft.key);
  }
  // a publish is a rare staff action: the next id under the transaction is enough
  const max = await trx
    .selectFrom('deals')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const id = Number(max?.id ?? 0) + 1;
  await trx
    .insertInto('deals')
    .values({ id, ...row })
    .execute();
  // the draft now edits that deal
  await trx
    .updateTable('content_drafts')
    .set({ key: String(id) })
    .where('id', '=', draft.id)
    .execute();
  return id;
}

/** The deal's product is no longer sold in the storefront: the publish is refused, about the draft's `sku`. */
export class DealProductGone extends InvalidTransitionError {
  constructor(message: string) {
    super(message, 'sku');
  }
}
