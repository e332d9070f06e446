/**
 * POST /api/company-prices (docs/product/api.md#company-prices, docs/product/company-prices.md): the SKUs on a page →
 * the caller's own company's terms for them. Only ever the caller's company: no id is taken from the request.
 */
import { z } from 'zod';
import { COMPANY_PRICES_MAX_SKUS } from '#lib/company/company-prices.ts';

export const companyPricesRequestSchema = z
  .object({ skus: z.array(z.string().trim().min(1).max(64)).max(COMPANY_PRICES_MAX_SKUS) })
  .strict();
export type CompanyPricesRequest = z.infer<typeof companyPricesRequestSchema>;

export const companyPricesResponseSchema = z.object({
  /** null: the caller buys for no company in this storefront. */
  company: z
    .object({
      /** Members see prices ex VAT by default (they may still switch where the storefront allows it). */
      ex_vat: z.boolean(),
      /** The company's percent per discount category (the client takes per category the higher of this and the customer's own). */
      discounts: z.record(z.string(), z.number()),
      /** Net unit prices incl. VAT (the stored prices' units, as data-amount) of the asked SKUs the price list has. */
      prices: z.record(z.string(), z.number()),
    })
    .nullable(),
});
export type CompanyPricesResponse = z.infer<typeof companyPricesResponseSchema>;
