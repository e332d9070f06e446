/** Both login strategies of the browser: myAccount (e-mail + password) and myOrder (order number + e-mail). */
import type { AuthResponse, AuthUser, LoginRequest, OrderAuthResponse, OrderLoginRequest, OrderUser } from '#lib/api/auth-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { getJson, postJson, type ApiAnswer } from './http.ts';

export type Strategy = 'myAccount' | 'myOrder';

export function logIn(strategy: 'myAccount', body: LoginRequest): Promise<ApiAnswer<AuthResponse>>;
export function logIn(strategy: 'myOrder', body: OrderLoginRequest): Promise<ApiAnswer<OrderAuthResponse>>;
export function logIn(strategy: Strategy, body: LoginRequest | OrderLoginRequest): Promise<ApiAnswer<AuthResponse | OrderAuthResponse>> {
  return postJson(strategy === 'myAccount' ? API_PATHS.auth.login : API_PATHS.orderAuth.login, body);
}

/** The user behind an access token: the profile (myAccount) or the order's user (myOrder). */
export async function whoAmI(strategy: Strategy, accessToken: string): Promise<AuthUser | OrderUser | undefined> {
  const init = { headers: { authorization: `Bearer ${accessToken}` } };
  const res =
    strategy === 'myAccount'
      ? await getJson<{ user: AuthUser }>(API_PATHS.auth.profile, {}, init)
      : await getJson<{ user: OrderUser }>(API_PATHS.orderAuth.info, {}, init);
  return res.data?.user;
}
