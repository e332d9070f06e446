/** Account link (docs/product/accounts.md#account-link): my-order scope → that order, logged in → my account orders, else opens login. */
import { accountLinkTarget, type AuthState } from '#lib/account/client-rules.ts';
import { auth } from '#stores/auth.ts';
import { login } from '#stores/ui.ts';
import { onRestore } from './page-restore.ts';

export function wireAccountLink(): void {
  const a = document.querySelector<HTMLAnchorElement>('a[data-testid="account-link"]');
  if (!a) return;
  const { ordersHref = '', orderPath = '' } = a.dataset;
  const labels = a.querySelectorAll<HTMLElement>('.account-link__label');
  let kind = 'orders';
  const draw = (state: AuthState) => {
    const target = accountLinkTarget(state, Date.now());
    kind = target.kind;
    a.dataset.target = kind;
    a.href = target.kind === 'order' ? orderPath.replace('__id__', encodeURIComponent(target.id)) : ordersHref;
    // CSS shows the label of data-target; the hidden one stays out of the accessibility tree
    labels.forEach((l) => l.setAttribute('aria-hidden', String((l.dataset.for === 'login') !== (kind === 'login'))));
  };
  auth.subscribe(draw);
  // the session may have run out while the page was in the back/forward cache
  onRestore(() => draw(auth.get()));
  a.addEventListener('click', (e) => {
    if (kind !== 'login') return;
    e.preventDefault();
    login('show');
  });
}
