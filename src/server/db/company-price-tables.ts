/** Kysely types of company prices (migration 0040_company_prices.sql, docs/product/company-prices.md). */
export interface CompanyCategoryDiscountsTable {
  company_id: string;
  discount_category: string;
  /** Hundredths of a percent: 1250 = 12.5 %. */
  percent_hundredths: number;
  updated_at: string;
}
export interface CompanyPriceLinesTable {
  company_id: string;
  sku: string;
  /** Net unit price in the company storefront's minor units, incl. VAT. */
  price_minor: number;
  updated_at: string;
}
export interface CompanyPriceTables {
  company_category_discounts: CompanyCategoryDiscountsTable;
  company_price_lines: CompanyPriceLinesTable;
}
