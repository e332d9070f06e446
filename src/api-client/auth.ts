/**
 * The auth endpoints for the browser (docs/product/accounts.md). Tokens travel only as httpOnly cookies
 * (same-origin fetch sends them); the answers' user and lifetime feed the `auth` slice.
 */
import type {
  AuthResponse,
  ChangePasswordRequest,
  LoginRequest,
  OrderAuthResponse,
  OrderLoginRequest,
  RegisterRequest,
} from '#lib/api/auth-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { postJson, type ApiAnswer } from './http.ts';

export type Strategy = 'myAccount' | 'myOrder';

export function logIn(strategy: 'myAccount', body: LoginRequest): Promise<ApiAnswer<AuthResponse>>;
export function logIn(strategy: 'myOrder', body: OrderLoginRequest): Promise<ApiAnswer<OrderAuthResponse>>;
export function logIn(strategy: Strategy, body: LoginRequest | OrderLoginRequest): Promise<ApiAnswer<AuthResponse | OrderAuthResponse>> {
  return postJson(strategy === 'myAccount' ? API_PATHS.auth.login : API_PATHS.orderAuth.login, body);
}

export const logOut = () => postJson<{ status: string }>(API_PATHS.auth.logout, {});
export const register = (body: RegisterRequest) => postJson<{ status: string }>(API_PATHS.auth.register, body);
export const forgotPassword = (email: string) => postJson<{ status: string }>(API_PATHS.auth.forgotPassword, { email });
export const requestLoginLink = (email: string) => postJson<{ status: string }>(API_PATHS.auth.loginLink, { email });
export const tokenLogin = (token: string) => postJson<AuthResponse>(API_PATHS.auth.tokenLogin, { token });
export const setPassword = (token: string, password: string) => postJson<AuthResponse>(API_PATHS.auth.setPassword, { token, password });
export const changePassword = (body: ChangePasswordRequest) => postJson<{ status: string }>(API_PATHS.auth.changePassword, body);
