/**
 * The right-side mini cart panel (docs/product/cart.md), mounted on first open: lines,
 * buy-X-get-Y coupons, total, checkout button (hidden on checkout), header/footer widgets.
 * The header button and count are plain DOM (src/islands/dom/cart-button.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { LocaleCode } from '#lib/market/locales.ts';
import { isBuyXGetY } from '#lib/coupons/client-rules.ts';
import { showCheckoutButton } from '#lib/cart/client-state.ts';
import { validDisc } from '#lib/page-behaviour/query-params.ts';
import { cart, changeQuantity, syncCart, syncing } from '#stores/cart.ts';
import { discount, dismissRejected, enterCouponCode } from '#stores/discount.ts';
import { cartOpen } from '#stores/ui.ts';
import { fetchWidget } from '#api-client/content.ts';
import type { Widget, WidgetSlug } from '#lib/api/content-contracts.ts';
import { cartLinesTotal } from '#lib/orders/lines-view.ts';
import { fill } from './format.ts';
import CartLine, { type CartLineStrings } from './CartLine.tsx';
import LoadingIndicator from './LoadingIndicator.tsx';

export interface MiniCartStrings extends CartLineStrings {
  title: string;
  /** The sync's loading indicator, for screen readers. */
  updating: string;
  close: string;
  empty: string;
  checkout: string;
  total: string;
  coupons: string;
  rejected: string;
  /** A rejected code that lost to codes it may not be combined with: {{code}}, {{with}}. */
  notCombinable: string;
  couponCode: string;
  couponApply: string;
  /** The link to save the cart or add it to a list (docs/product/lists.md; a visitor not logged in is asked to log in there). */
  saveToList?: string;
}
interface Props {
  locale: LocaleCode;
  t: MiniCartStrings;
  checkoutHref: string;
  productPath: string;
  allowExVAT: boolean;
  /** /my-account/lists: where a customer saves the cart or adds it to a list. */
  listsHref?: string;
}

function useWidget(slug: WidgetSlug, when: boolean): Widget | undefined {
  const [w, setW] = useState<Widget>();
  useEffect(() => {
    if (!when || w) return;
    fetchWidget(slug)
      .then((r) => r.ok && r.data && setW(r.data))
      .catch(() => {
        /* silent (docs/product/errors.md#silent-failures) */
      });
  }, [when, slug, w]);
  return w && !w.hidden && w.content ? w : undefined;
}

/** The code-entry field: a code is held and the cart synced; the server decides what applies. */
function CouponForm({ t }: { t: MiniCartStrings }) {
  const [code, setCode] = useState('');
  return (
    <form
      className="minicart__coupon-form"
      data-testid="coupon-form"
      onSubmit={(e) => {
        e.preventDefault();
        const valid = validDisc(code); // the disc rule: letters, digits or hyphens, at least 3
        if (!valid) return;
        enterCouponCode(valid);
        setCode('');
        void syncCart();
      }}
    >
      <label>
        <span>{t.couponCode}</span>
        <input
          type="text"
          name="coupon"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          data-testid="coupon-input"
          onChange={(e) => setCode(e.target.value)}
        />
      </label>
      <button type="submit" className="button" data-testid="coupon-apply">
        {t.couponApply}
      </button>
    </form>
  );
}

export default function MiniCart({ locale, t, checkoutHref, productPath, allowExVAT, listsHref }: Props) {
  const state = useStore(cart);
  const open = useStore(cartOpen);
  const disc = useStore(discount);
  const busy = useStore(syncing);
  const items = state.items;
  const showVat = !allowExVAT || state.vat;
  const header = useWidget('cart-header', open);
  const footer = useWidget('cart-footer', open);
  const close = () => cartOpen.set(false);

  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // keyboard users land in the panel, and back on the cart button when it closes
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open]);

  const bxgy = disc.coupons.filter(isBuyXGetY);
  const total = cartLinesTotal(items, showVat, locale);
  if (!open) return null;
  return (
    <>
      <div className="minicart-backdrop" onClick={close} />
      <aside id="minicart" className="minicart" role="dialog" aria-modal="true" aria-label={t.title} data-testid="minicart">
        <header className="minicart__head">
          <h2>{t.title}</h2>
          <LoadingIndicator loading={busy} label={t.updating} testId="minicart-loading" className="minicart__loading" />
          <button ref={closeButton} type="button" className="minicart__close" aria-label={t.close} onClick={close}>
            ×
          </button>
        </header>
        {header && (
          <div className="minicart__widget" data-testid="minicart-header-widget" dangerouslySetInnerHTML={{ __html: header.content }} />
        )}
        {disc.rejected.length > 0 && (
          <div className="notice notice--warning" role="status" data-testid="coupon-rejected">
            {disc.rejected.map((code) =>
              disc.replaced[code]?.length ? (
                <p key={code} data-testid="coupon-not-combinable" data-code={code}>
                  {fill(t.notCombinable, { code, with: disc.replaced[code].join(', ') })}
                </p>
              ) : (
                <p key={code}>{fill(t.rejected, { code })}</p>
              ),
            )}
            <button type="button" className="linkish" onClick={dismissRejected}>
              {t.close}
            </button>
          </div>
        )}
        {items.length === 0 ? (
          <p className="minicart__empty" data-testid="minicart-empty">
            {t.empty}
          </p>
        ) : (
          <ul className="minicart__lines">
            {items.map((i) => (
              <CartLine
                key={i.uuid}
                place="minicart"
                item={i}
                locale={locale}
                showVat={showVat}
                t={t}
                productPath={productPath}
                onQuantity={changeQuantity}
              />
            ))}
          </ul>
        )}
        {bxgy.length > 0 && (
          <section className="minicart__coupons" data-testid="minicart-coupons">
            <h3>{t.coupons}</h3>
            <ul>
              {bxgy.map((c) => (
                <li key={c.code}>{c.discount_label || c.code}</li>
              ))}
            </ul>
          </section>
        )}
        <CouponForm t={t} />
        {items.length > 0 && (
          <p className={`minicart__total${busy ? ' is-busy' : ''}`}>
            <span>{t.total}</span>
            <strong data-testid="minicart-total" data-amount={total.amount}>
              {total.text}
            </strong>
          </p>
        )}
        {showCheckoutButton(document.documentElement.dataset.route, items.length) && (
          <a className="button minicart__checkout" href={checkoutHref} data-testid="minicart-checkout">
            {t.checkout}
          </a>
        )}
        {listsHref && t.saveToList && items.length > 0 && (
          <a className="minicart__lists" href={listsHref} data-testid="minicart-lists">
            {t.saveToList}
          </a>
        )}
        {footer && (
          <div className="minicart__widget" data-testid="minicart-footer-widget" dangerouslySetInnerHTML={{ __html: footer.content }} />
        )}
      </aside>
    </>
  );
}
