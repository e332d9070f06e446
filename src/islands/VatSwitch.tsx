/** VAT incl/excl switch (only rendered where the locale allows ex-VAT); the flag lives in the cart state. */
import { useStore } from '@nanostores/react';
import { cart, setVat } from '../stores/cart.ts';
import { useMounted } from './use-mounted.ts';

interface Props { incl: string; excl: string; label: string }

export default function VatSwitch({ incl, excl, label }: Props) {
  const mounted = useMounted();
  const { vat } = useStore(cart);
  const on = mounted ? vat : true;
  return (
    <span className="vat-switch" role="group" aria-label={label} data-testid="vat-switch" data-vat={on ? 'incl' : 'excl'}>
      <button type="button" aria-pressed={on} onClick={() => setVat(true)} data-testid="vat-incl">{incl}</button>
      <button type="button" aria-pressed={!on} onClick={() => setVat(false)} data-testid="vat-excl">{excl}</button>
    </span>
  );
}
