/** Per-tab UI state: the mini cart panel and the login modal (not persisted: a panel opened in one tab stays closed in another). */
import { atom } from 'nanostores';
import { loginModal, setPasswordModal, type LoginModal, type LoginModalAction } from '#lib/account/client-rules.ts';

export const cartOpen = atom(false);
export const loginState = atom<LoginModal>({ open: false, changePassword: false });

export function login(action: LoginModalAction): void {
  loginState.set(loginModal(loginState.get(), action));
}

/** The `set_password` query: the dialog's change view, setting the password with the e-mailed token. */
export function showSetPassword(token: string): void {
  loginState.set(setPasswordModal(token));
}

/** A login link that did not work (used, expired, unknown): the login dialog with a notice saying so. */
export function showLinkRefused(): void {
  loginState.set({ open: true, changePassword: false, notice: 'link_refused' });
}
