/** VAT incl/excl switch (rendered only where the locale allows ex-VAT); the flag lives in the cart state. */
import { cart, setVat } from '../../stores/cart.ts';

export function wireVatSwitch(): void {
  const root = document.querySelector<HTMLElement>('[data-testid="vat-switch"]');
  if (!root) return;
  const incl = root.querySelector<HTMLButtonElement>('[data-testid="vat-incl"]')!;
  const excl = root.querySelector<HTMLButtonElement>('[data-testid="vat-excl"]')!;
  incl.addEventListener('click', () => setVat(true));
  excl.addEventListener('click', () => setVat(false));
  cart.subscribe(({ vat }) => {
    root.dataset.vat = vat ? 'incl' : 'excl';
    incl.setAttribute('aria-pressed', String(vat));
    excl.setAttribute('aria-pressed', String(!vat));
  });
  for (const b of [incl, excl]) b.disabled = false;
}
