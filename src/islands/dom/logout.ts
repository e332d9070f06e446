/**
 * Log out (docs/product/accounts.md#strategies): any element with `data-logout` (e.g. in the account navigation)
 * ends the session on the server (POST /api/auth/logout revokes it and clears the cookies), resets the auth
 * slice and goes to the storefront's home page. Delegated, so markup added later works too.
 */
import { logout } from '#stores/auth.ts';

export function wireLogout(): void {
  document.addEventListener('click', (e) => {
    const el = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-logout]') : null;
    if (!el) return;
    e.preventDefault();
    void logout().finally(() => location.assign('/'));
  });
}
