/**
 * Shipping options for the postal code (docs/product/checkout.md#shipping), cheapest first as the server
 * sends them, and the service points of the chosen option where it has them.
 */
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import { normalizePostalCode } from '#lib/checkout/address-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { shippingLabel } from '#lib/shipping/shipping-label.ts';
import { netFromGrossMinor } from '#lib/pricing/minor-units.ts';
import { fill } from '#islands/format.ts';
import type { CheckoutStrings } from './checkout-props.ts';
import { controlId, problemId } from './field-ids.ts';
import FieldProblem from './FieldProblem.tsx';
import ServicePoints from './ServicePoints.tsx';

interface Props {
  locale: LocaleCode;
  view: CheckoutView;
  exVat: boolean;
  t: CheckoutStrings['shipping'];
  problems: { option?: string; servicePoint?: string };
  onOption: (id: string) => void;
  onServicePoint: (id: string) => void;
}

export default function ShippingOptions({ locale, view, exVat, t, problems, onOption, onServicePoint }: Props) {
  const postalOk = normalizePostalCode(locale, view.customer.postal_code ?? '').ok;
  const chosen = view.shipping_options.find((o) => o.id === view.shipping_option_id);
  return (
    <section className="checkout__section" aria-labelledby="checkout-shipping-heading">
      <h2 id="checkout-shipping-heading">{t.heading}</h2>
      {view.shipping_options.length === 0 ? (
        <p className="checkout__hint" data-testid="checkout-shipping-hint">
          {postalOk ? t.none : t.need_postal_code}
        </p>
      ) : (
        <fieldset
          className="choices"
          role="radiogroup"
          aria-invalid={problems.option ? true : undefined}
          aria-describedby={problems.option ? problemId('shipping_option_id') : undefined}
        >
          <legend className="visually-hidden">{t.heading}</legend>
          {view.shipping_options.map((o, i) => {
            const price =
              o.price_minor === 0 ? t.free : formatMinorPrice(exVat ? netFromGrossMinor(o.price_minor, o.vat_rate) : o.price_minor, locale);
            return (
              <label
                key={o.id}
                className="choice"
                data-testid="checkout-shipping-option"
                data-option-id={o.id}
                data-kind={o.kind}
                data-service-points={o.has_service_points ? 'yes' : 'no'}
              >
                <input
                  id={i === 0 ? controlId('shipping_option_id') : undefined}
                  type="radio"
                  name="shipping_option"
                  value={o.id}
                  checked={o.id === view.shipping_option_id}
                  aria-invalid={problems.option ? true : undefined}
                  onChange={() => onOption(o.id)}
                />
                <span className="choice__name">{shippingLabel(o.carrier, o.name)}</span>
                <span className="choice__meta">{fill(t.days, { min: o.min_days, max: o.max_days })}</span>
                <span className="choice__price">{price}</span>
              </label>
            );
          })}
          <FieldProblem field="shipping_option_id" text={problems.option} />
        </fieldset>
      )}
      {chosen?.has_service_points && <ServicePoints view={view} t={t} problem={problems.servicePoint} onChange={onServicePoint} />}
    </section>
  );
}
