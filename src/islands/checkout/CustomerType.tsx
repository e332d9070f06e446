/** Consumer or business (docs/product/checkout.md#customer-fields): a business buyer adds company and organisation number. */
import type { CustomerType as Type } from '#lib/api/checkout-contracts.ts';
import type { CheckoutStrings } from './checkout-props.ts';

// the contract's CUSTOMER_TYPES is a value of a zod module: importing it would put zod in the checkout bundle
const TYPES: readonly Type[] = ['consumer', 'business'];

interface Props {
  value: Type;
  t: CheckoutStrings['customer'];
  onChange: (type: Type) => void;
}

export default function CustomerType({ value, t, onChange }: Props) {
  return (
    <fieldset className="choice-row" data-testid="checkout-customer-type">
      <legend>{t.type}</legend>
      {TYPES.map((type) => (
        <label key={type} className="choice-pill">
          <input type="radio" name="customer_type" value={type} checked={value === type} onChange={() => onChange(type)} />
          {t[type]}
        </label>
      ))}
    </fieldset>
  );
}
