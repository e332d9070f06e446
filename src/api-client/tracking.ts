/** Social proof counts and the personalisation service's calls through our API (docs/product/api.md#product-activity). */
import type {
  PersonalisationPurchaseRequest,
  PersonalisationVisitor,
  ProductActivityAnswer,
  ProductViewRequest,
} from '#lib/api/tracking-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { getJson, postJson, type ApiAnswer } from './http.ts';

/** One product page view (the sku only). */
export function postProductView(body: ProductViewRequest): Promise<ApiAnswer<undefined>> {
  return postJson<undefined>(API_PATHS.productViews, body, { keepalive: true });
}

export function getProductActivity(sku: string): Promise<ApiAnswer<ProductActivityAnswer>> {
  return getJson<ProductActivityAnswer>(API_PATHS.productActivity, { sku });
}

export function postPersonalisationVisitor(): Promise<ApiAnswer<PersonalisationVisitor>> {
  return postJson<PersonalisationVisitor>(API_PATHS.personalisation.visitor, {});
}

export function postPersonalisationPurchase(body: PersonalisationPurchaseRequest): Promise<ApiAnswer<undefined>> {
  return postJson<undefined>(API_PATHS.personalisation.purchase, body, { keepalive: true });
}
