/**
 * The guest order form on /my-order (docs/product/account-pages.md#guest-order): order number and e-mail (or postal code) go
 * to POST /api/order-auth/login (rate-limited, answers a wrong number and a wrong e-mail alike), whose answer
 * sets the session cookies; then the browser opens that order's page.
 */
import { logIn } from '#api-client/auth.ts';
import { orderLoginRequest } from '#lib/account/order-login.ts';

export function wireGuestOrderForm(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-testid="guest-order-form"]');
  if (!form) return;
  const error = form.querySelector<HTMLElement>('[data-testid="guest-order-error"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const orderPath = form.dataset.orderPath ?? '';
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const field = (name: string) => String(f.get(name) ?? '').trim();
    if (error) error.hidden = true;
    if (button) button.disabled = true;
    void logIn('myOrder', orderLoginRequest(field('order_id'), field('email')))
      .then((res) => {
        const id = res.ok ? res.data?.user?.order_id : undefined;
        if (!id) throw new Error('order login refused');
        location.assign(orderPath.replace('__id__', encodeURIComponent(id)));
      })
      .catch(() => {
        if (error) error.hidden = false;
        if (button) button.disabled = false;
      });
  });
}
