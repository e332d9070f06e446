/**
 * Company prices (docs/product/company-prices.md, docs/adr/0035-company-prices.md): staff set a company's percentage
 * per discount category and its price list (net unit prices per SKU in the company storefront's minor units, incl.
 * VAT); members read their own company's terms. The cart applies them through the CartContext
 * (src/server/checkout/request-cart-context.ts), never by importing this folder.
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { hundredthsOfPercent, percentOfHundredths } from '#lib/company/company-prices.ts';

/** A company's terms as the cart takes them (the shape of src/server/cart/company-pricing.ts's CompanyPriceTerms). */
export interface CompanyTerms {
  id: string;
  locale: string;
  discounts: Record<string, number>;
}

export interface CompanyPriceSheet {
  company: { id: string; locale: string; name: string; organisationNumber: string };
  /** Percent per discount category, by category. */
  discounts: { category: string; percent: number }[];
  lines: { sku: string; priceMinor: number; name: string | null }[];
}

export interface CompanyListRow {
  id: string;
  locale: string;
  name: string;
  organisationNumber: string;
  members: number;
  discounts: number;
  lines: number;
}

async function discountsOf(db: Db, companyId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('company_category_discounts')
    .select(['discount_category', 'percent_hundredths'])
    .where('company_id', '=', companyId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.discount_category, percentOfHundredths(Number(r.percent_hundredths))]));
}

/** The price terms of the customer's company (any role: a viewer sees the prices a buyer pays), if they belong to one. */
export async function companyTermsOf(db: Db, customerId: number): Promise<CompanyTerms | null> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.id', 'c.locale'])
    .where('m.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? { id: row.id, locale: row.locale, discounts: await discountsOf(db, row.id) } : null;
}

/** Companies for the back office list, by name; `q` matches the name or the organisation number. */
export async function listCompanies(db: Db, q = '', limit = 200): Promise<CompanyListRow[]> {
  let query = db
    .selectFrom('companies as c')
    .select((eb) => [
      'c.id',
      'c.locale',
      'c.name',
      'c.organisation_number',
      eb
        .selectFrom('company_members as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.company_id', '=', 'c.id')
        .as('members'),
      eb
        .selectFrom('company_category_discounts as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.company_id', '=', 'c.id')
        .as('discounts'),
      eb
        .selectFrom('company_price_lines as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.company_id', '=', 'c.id')
        .as('lines'),
    ])
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(limit);
  const term = q.trim().toLowerCase();
  if (term) {
    // escaped: a % or _ typed is itself (PostgreSQL and SQLite read the same ESCAPE clause)
    const like = sql<string>`${`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`;
    query = query.where((eb) => eb.or([eb(eb.fn<string>('lower', ['c.name']), 'like', like), eb('c.organisation_number', 'like', like)]));
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    locale: r.locale,
    name: r.name,
    organisationNumber: r.organisation_number,
    members: Number(r.members ?? 0),
    discounts: Number(r.discounts ?? 0),
    lines: Number(r.lines ?? 0),
  }));
}

/** One company's prices for its back-office page (404 for an unknown id). */
export async function companyPriceSheet(db: Db, companyId: string): Promise<CompanyPriceSheet> {
  const c = await db
    .selectFrom('companies')
    .select(['id', 'locale', 'name', 'organisation_number'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!c) throw new NotFoundError('no such company');
  const discounts = await discountsOf(db, c.id);
  const lines = await db
    .selectFrom('company_price_lines as l')
    .leftJoin('products as p', 'p.sku', 'l.sku')
    .leftJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', c.locale))
    .select(['l.sku', 'l.price_minor', 't.name'])
    .where('l.company_id', '=', c.id)
    .orderBy('l.sku')
    .execute();
  return {
    company: { id: c.id, locale: c.locale, name: c.name, organisationNumber: c.organisation_number },
    discounts: Object.entries(discounts)
      .map(([category, percent]) => ({ category, percent }))
      .sort((a, b) => a.category.localeCompare(b.category)),
    lines: lines.map((l) => ({ sku: l.sku, priceMinor: Number(l.price_minor), name: l.name ?? null })),
  };
}

/** Sets a category's percentage (0 removes it); answers the percent before, for the audit log. */
export async function setCategoryDiscount(db: Db, companyId: string, category: string, percent: number, now = new Date()): Promise<number> {
  const before = (await discountsOf(db, companyId))[category] ?? 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('company_category_discounts')
      .where('company_id', '=', companyId)
      .where('discount_category', '=', category)
      .execute();
    if (percent > 0)
      await trx
        .insertInto('company_category_discounts')
        .values({
          company_id: companyId,
          discount_category: category,
          percent_hundredths: hundredthsOfPercent(percent),
          updated_at: now.toISOString(),
        })
        .execute();
  });
  return before;
}

/** The SKU must be a product of the catalogue (a typo would otherwise sit unseen in the list). */
export async function isKnownSku(db: Db, sku: string): Promise<boolean> {
  return !!(await db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirst());
}

/** Sets a price-list line; answers the price before (null: a new line), for the audit log. */
export async function setPriceLine(db: Db, companyId: string, sku: string, priceMinor: number, now = new Date()): Promise<number | null> {
  const before = await db
    .selectFrom('company_price_lines')
    .select('price_minor')
    .where('company_id', '=', companyId)
    .where('sku', '=', sku)
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('company_price_lines').where('company_id', '=', companyId).where('sku', '=', sku).execute();
    await trx
      .insertInto('company_price_lines')
      .values({ company_id: companyId, sku, price_minor: priceMinor, updated_at: now.toISOString() })
      .execute();
  });
  return before ? Number(before.price_minor) : null;
}

/** Removes a price-list line; answers the price it had (null: there was none). */
export async function removePriceLine(db: Db, companyId: string, sku: string): Promise<number | null> {
  const before = await db
    .selectFrom('company_price_lines')
    .select('price_minor')
    .where('company_id', '=', companyId)
    .where('sku', '=', sku)
    .executeTakeFirst();
  await db.deleteFrom('company_price_lines').where('company_id', '=', companyId).where('sku', '=', sku).execute();
  return before ? Number(before.price_minor) : null;
}

/**
 * What POST /api/company-prices answers a member: their company's percentages and the net prices (major units incl.
 * VAT, as pages store prices) of the asked SKUs. Null outside the company's storefront or without a company.
 */
export async function memberPriceView(
  db: Db,
  customerId: number,
  locale: string,
  skus: readonly string[],
): Promise<{ ex_vat: boolean; discounts: Record<string, number>; prices: Record<string, number> } | null> {
  const terms = await companyTermsOf(db, customerId);
  if (!terms || terms.locale !== locale) return null;
  const wanted = [...new Set(skus)];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('company_price_lines')
          .select(['sku', 'price_minor'])
          .where('company_id', '=', terms.id)
          .where('sku', 'in', wanted)
          .execute();
  return { ex_vat: true, discounts: terms.discounts, prices: Object.fromEntries(rows.map((r) => [r.sku, Number(r.price_minor) / 100])) };
}

/** The SKUs of `skus` no product has (checked in chunks under either engine's parameter limit). */
export async function unknownSkus(db: Db, skus: readonly string[]): Promise<string[]> {
  const known = new Set<string>();
  for (let i = 0; i < skus.length; i += 500) {
    const rows = await db
      .selectFrom('products')
      .select('sku')
      .where('sku', 'in', skus.slice(i, i + 500))
      .execute();
    for (const r of rows) known.add(r.sku);
  }
  return skus.filter((s) => !known.has(s));
}

/**
 * A price list imported as a whole (the CSV upload): every line set in one transaction, the company's other lines
 * kept. Answers how many lines were new and how many changed, for the audit log.
 */
export async function importPriceLines(
  db: Db,
  companyId: string,
  lines: readonly { sku: string; priceMinor: number }[],
  now = new Date(),
): Promise<{ added: number; changed: number }> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    let added = 0;
    let changed = 0;
    for (let i = 0; i < lines.length; i += 200) {
      const chunk = lines.slice(i, i + 200);
      const before = await trx
        .selectFrom('company_price_lines')
        .select(['sku', 'price_minor'])
        .where('company_id', '=', companyId)
        .where(
          'sku',
          'in',
          chunk.map((l) => l.sku),
        )
        .execute();
      const old = new Map(before.map((r) => [r.sku, Number(r.price_minor)]));
      for (const l of chunk) {
        if (!old.has(l.sku)) added++;
        else if (old.get(l.sku) !== l.priceMinor) changed++;
      }
      await trx
        .deleteFrom('company_price_lines')
        .where('company_id', '=', companyId)
        .where(
          'sku',
          'in',
          chunk.map((l) => l.sku),
        )
        .execute();
      await trx
        .insertInto('company_price_lines')
        .values(chunk.map((l) => ({ company_id: companyId, sku: l.sku, price_minor: l.priceMinor, updated_at: at })))
        .execute();
    }
    return { added, changed };
  });
}
