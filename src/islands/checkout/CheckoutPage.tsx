/**
 * The checkout island (docs/product/checkout.md), mounted by the checkout page at load (mount.tsx):
 * loading, an empty cart, a checkout that could not be opened, or the form.
 */
import type { CheckoutProps } from './checkout-props.ts';
import { useCheckout } from './use-checkout.ts';
import { failureText } from './use-place-order.ts';
import CheckoutForm from './CheckoutForm.tsx';
import ErrorArea from './ErrorArea.tsx';

export default function CheckoutPage(props: CheckoutProps) {
  const { t, paths } = props;
  const checkout = useCheckout(props);
  const { phase, view, failure } = checkout;
  const failureMessage = failure && failureText(failure, t);

  if (phase === 'loading') {
    return (
      <p className="checkout__loading" role="status">
        {t.loading}
      </p>
    );
  }
  if (phase !== 'ready' || !view) {
    return (
      <>
        <ErrorArea message={failureMessage} />
        {phase === 'empty' && (
          <p className="checkout__empty" data-testid="checkout-empty">
            {t.empty}
          </p>
        )}
        <p>
          <a href={paths.home}>{t.continue_shopping}</a>
        </p>
      </>
    );
  }
  return <CheckoutForm {...props} checkout={checkout} view={view} failure={failureMessage} />;
}
