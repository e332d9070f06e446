/**
 * A company member's pricing options for the cart engine (docs/adr/0035-company-prices.md): their own percentages
 * merged with the company's (per category the higher) and the company's net prices of the cart's SKUs, read here
 * when the cart is priced. The terms come in through the CartContext (built in src/server/checkout/request-cart-context.ts),
 * so the cart never imports the company domain; they apply only in the company's own storefront (its prices are in
 * that storefront's currency).
 */
import type { Db } from '#server/db/connection.ts';
import type { EngineOptions } from '#lib/coupons/types.ts';
import { memberDiscounts } from '#lib/company/company-prices.ts';

export interface CompanyPriceTerms {
  id: string;
  /** The company's storefront. */
  locale: string;
  /** The company's percent per discount category. */
  discounts: Record<string, number>;
}

/** The net unit prices (major units incl. VAT, as cart prices are) of these SKUs in the company's price list. */
export async function companyNetPrices(db: Db, companyId: string, skus: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(skus)];
  const out = new Map<string, number>();
  // bounded chunks keep each statement under either engine's parameter limit (a quick order has up to 500 lines)
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('company_price_lines')
      .select(['sku', 'price_minor'])
      .where('company_id', '=', companyId)
      .where('sku', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.sku, Number(r.price_minor) / 100);
  }
  return out;
}

/** The engine options of a cart in `locale` for this customer and company (none: the customer's own discounts). */
export async function memberPricing(
  db: Db,
  locale: string,
  skus: readonly string[],
  personal: Record<string, number> | undefined,
  company: CompanyPriceTerms | null | undefined,
): Promise<EngineOptions> {
  if (!company || company.locale !== locale) return { customerDiscounts: personal };
  return {
    customerDiscounts: memberDiscounts(personal, company.discounts),
    netPrices: await companyNetPrices(db, company.id, skus),
  };
}
