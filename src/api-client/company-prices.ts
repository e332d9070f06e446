/** POST /api/company-prices (docs/product/api.md#company-prices): the caller's own company terms for the page's SKUs. */
import type { CompanyPricesResponse } from '#lib/api/company-price-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { postJson } from './http.ts';

export const fetchCompanyPrices = (skus: readonly string[]) => postJson<CompanyPricesResponse>(API_PATHS.companyPrices, { skus });
