/** Per-tab UI state: the mini cart panel and the login modal (not persisted: a panel opened in one tab stays closed in another). */
import { atom } from 'nanostores';
import { loginModal, type LoginModal, type LoginModalAction } from '#lib/account/client-rules.ts';

export const cartOpen = atom(false);
export const loginState = atom<LoginModal>({ open: false, changePassword: false });

export function login(action: LoginModalAction): void {
  loginState.set(loginModal(loginState.get(), action));
}
