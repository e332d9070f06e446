/** The storefront's payment methods for the customer type (docs/product/checkout.md#payment). */
import type { CheckoutView, CustomerType } from '#lib/api/checkout-contracts.ts';
import type { CheckoutStrings } from './checkout-props.ts';
import { controlId, problemId } from './field-ids.ts';
import FieldProblem from './FieldProblem.tsx';

interface Props {
  view: CheckoutView;
  type: CustomerType;
  t: CheckoutStrings['payment'];
  problem: string | undefined;
  onChange: (id: string) => void;
}

export default function PaymentMethods({ view, type, t, problem, onChange }: Props) {
  // the server already sends the methods of the stored type; the filter covers a type change in flight
  const methods = view.payment_methods.filter((m) => m.customer_types.includes(type));
  return (
    <section className="checkout__section" aria-labelledby="checkout-payment-heading">
      <h2 id="checkout-payment-heading">{t.heading}</h2>
      {methods.length === 0 ? (
        <p className="checkout__hint">{t.none}</p>
      ) : (
        <fieldset
          className="choices"
          role="radiogroup"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId('payment_method') : undefined}
        >
          <legend className="visually-hidden">{t.heading}</legend>
          {methods.map((m, i) => (
            <label key={m.id} className="choice" data-testid="checkout-payment-method" data-method={m.id} data-provider={m.provider}>
              <input
                id={i === 0 ? controlId('payment_method') : undefined}
                type="radio"
                name="payment_method"
                value={m.id}
                checked={m.id === view.payment_method}
                aria-invalid={problem ? true : undefined}
                onChange={() => onChange(m.id)}
              />
              <span className="choice__name">{m.name}</span>
            </label>
          ))}
          <FieldProblem field="payment_method" text={problem} />
        </fieldset>
      )}
    </section>
  );
}
