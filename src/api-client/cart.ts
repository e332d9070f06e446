/** Cart calls of the browser: the server re-prices the cart and evaluates the coupons held. */
import type { SyncCartRequest, SyncCartResponse } from '#lib/api/cart-contracts.ts';
import type { Coupon, SyncCouponsRequest } from '#lib/api/coupon-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { postJson, type ApiAnswer } from './http.ts';

export const postSyncCart = (body: SyncCartRequest): Promise<ApiAnswer<SyncCartResponse>> =>
  postJson<SyncCartResponse>(API_PATHS.syncCart, body);

export const postSyncCoupons = (body: SyncCouponsRequest): Promise<ApiAnswer<Coupon[]>> => postJson<Coupon[]>(API_PATHS.syncCoupons, body);
