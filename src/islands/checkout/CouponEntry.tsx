/**
 * Coupon entry (docs/product/coupons.md): a code goes into the held coupons (the discount store, as with
 * `disc`) and the checkout gets the held codes; the server's answer says which apply. Automatic discounts
 * are listed but cannot be removed. A code another one replaced says which (docs/adr/0011-coupon-stacking.md).
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import { addCouponCode, couponCodes, discount, removeCouponCode } from '#stores/discount.ts';
import { fill } from '#islands/format.ts';
import type { CheckoutStrings } from './checkout-props.ts';

interface Props {
  coupons: Coupon[];
  t: CheckoutStrings['coupon'];
  onCodes: (codes: string[]) => void;
}

export default function CouponEntry({ coupons, t, onCodes }: Props) {
  const [code, setCode] = useState('');
  const held = useStore(discount).coupons.map((c) => c.code.toUpperCase());
  const apply = () => {
    if (!code.trim()) return;
    addCouponCode(code);
    setCode('');
    onCodes(couponCodes());
  };
  return (
    <section className="checkout__section checkout-coupons">
      <div className="checkout-coupons__entry">
        <label htmlFor="checkout-coupon">{t.label}</label>
        <input
          id="checkout-coupon"
          type="text"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          data-testid="checkout-coupon-input"
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <button type="button" className="button button--ghost" data-testid="checkout-coupon-apply" onClick={apply}>
          {t.apply}
        </button>
      </div>
      {coupons.length > 0 && (
        <ul className="checkout-coupons__list" data-testid="checkout-coupons">
          {coupons.map((c) => (
            <li key={c.code} data-code={c.code} data-applied={c.applied ? 'yes' : 'no'}>
              {c.applied ? (
                <span>{c.discount_label || c.code}</span>
              ) : (
                <span className="notice notice--warning" data-reason={c.reason ?? undefined}>
                  {c.reason === 'not_combinable' && c.replaced_by.length
                    ? fill(t.not_combinable, { code: c.code, with: c.replaced_by.join(', ') })
                    : fill(t.not_applied, { code: c.code })}
                </span>
              )}
              {held.includes(c.code.toUpperCase()) && (
                <button
                  type="button"
                  className="linkish"
                  aria-label={fill(t.remove, { code: c.code })}
                  onClick={() => {
                    removeCouponCode(c.code);
                    onCodes(couponCodes());
                  }}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
