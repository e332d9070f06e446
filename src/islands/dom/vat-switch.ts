/**
 * VAT incl/excl switch (rendered only where the locale allows ex-VAT): one toggle; checked = prices
 * excluding VAT. The flag lives in the cart state, so every tab and the price re-render follow it.
 */
import { cart, setVat } from '#stores/cart.ts';

export function wireVatSwitch(): void {
  const button = document.querySelector<HTMLButtonElement>('button[data-testid="vat-switch"]');
  if (!button) return;
  const [incl, excl] = button.querySelectorAll<HTMLElement>('.vat-switch__opt');
  button.addEventListener('click', () => setVat(!cart.get().vat));
  cart.subscribe(({ vat }) => {
    button.dataset.vat = vat ? 'incl' : 'excl';
    button.setAttribute('aria-checked', String(!vat));
    incl.toggleAttribute('data-on', vat);
    excl.toggleAttribute('data-on', !vat);
  });
  button.disabled = false;
}
