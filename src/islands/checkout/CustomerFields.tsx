/**
 * The shopper's details (docs/product/checkout.md#customer-fields): customer type, then company and
 * organisation number for a business, e-mail, mobile, name and address. Typing is saved after a pause
 * (use-field-saver.ts); leaving a field checks it at once (use-customer-form.ts).
 */
import type { CheckoutView, CustomerType as Type } from '#lib/api/checkout-contracts.ts';
import { fieldsFor, type CustomerField } from '#lib/checkout/client-field-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CheckoutStrings } from './checkout-props.ts';
import type { CustomerForm } from './use-customer-form.ts';
import type { FieldSaver } from './use-field-saver.ts';
import CustomerType from './CustomerType.tsx';
import TextField from './TextField.tsx';

interface Props {
  locale: LocaleCode;
  view: CheckoutView;
  form: CustomerForm;
  saver: FieldSaver;
  t: CheckoutStrings;
  /** The server's message for a field a refused place order was about. */
  refused: (field: CustomerField) => string | undefined;
  onEdit: (field: CustomerField) => void;
  onTypeChange: (type: Type) => void;
}

type InputProps = Parameters<typeof TextField>[0]['input'];
const INPUTS: Partial<Record<CustomerField, InputProps>> = {
  company_name: { autoComplete: 'organization' },
  organisation_number: { autoComplete: 'off', spellCheck: false },
  email: { type: 'email', autoComplete: 'email', spellCheck: false, autoCapitalize: 'none' },
  mobile: { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' },
  first_name: { autoComplete: 'given-name' },
  last_name: { autoComplete: 'family-name' },
  street: { autoComplete: 'street-address' },
  postal_code: { autoComplete: 'postal-code' },
  city: { autoComplete: 'address-level2' },
};

const HINTS: Partial<Record<CustomerField, keyof CheckoutStrings['customer']>> = {
  organisation_number: 'organisation_number_hint',
  mobile: 'mobile_hint',
  postal_code: 'postal_code_hint',
};

export default function CustomerFields({ locale, view, form, saver, t, refused, onEdit, onTypeChange }: Props) {
  // Dutch postal codes end in letters: only the other storefronts get the numeric keyboard
  const postal: InputProps = { ...INPUTS.postal_code, inputMode: locale === 'nl' ? 'text' : 'numeric' };
  return (
    <section className="checkout__section" aria-labelledby="checkout-customer-heading">
      <h2 id="checkout-customer-heading">{t.customer.heading}</h2>
      <CustomerType value={form.type} t={t.customer} onChange={onTypeChange} />
      <form
        className="checkout__fields"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void saver.flush();
        }}
      >
        {fieldsFor(form.type).map((field) => {
          const hint = HINTS[field];
          return (
            <TextField
              key={field}
              field={field}
              label={t.customer[field]}
              hint={hint && t.customer[hint]}
              value={form.values[field]}
              problem={form.problem(field, view) ?? refused(field)}
              input={field === 'postal_code' ? postal : INPUTS[field]}
              onChange={(value) => {
                form.change(field, value);
                onEdit(field);
                saver.save(field, value);
              }}
              onBlur={() => {
                form.blur(field);
                void saver.flush();
              }}
            />
          );
        })}
      </form>
    </section>
  );
}
