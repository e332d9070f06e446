/**
 * Placing the order (docs/product/checkout.md#placing-the-order): pending field saves go first, then
 * every problem is shown at once with focus on the first; only a complete checkout is posted. The
 * browser then goes where the server says (confirmation, or a provider's page). A changed price reloads
 * the checkout and asks the shopper to confirm again; out of stock shows the server's message. A refusal
 * about a field (the checkout changed in another tab, say) shows the server's message in the error area
 * and marks and focuses the field the server names (`error.field`) until the shopper changes it.
 */
import { useEffect, useState } from 'react';
import {
  choiceProblems,
  CUSTOMER_FIELDS,
  firstInFormOrder,
  formFieldOf,
  isFormField,
  type CustomerField,
  type FormField,
} from '#lib/checkout/client-field-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { placeOrder, type CheckoutFailure } from '#api-client/checkout.ts';
import type { CheckoutStrings } from './checkout-props.ts';
import { focusField } from './field-ids.ts';
import type { CheckoutController } from './use-checkout.ts';
import type { CustomerForm } from './use-customer-form.ts';
import type { FieldSaver } from './use-field-saver.ts';

/** The field a refused place order was about, with the server's message for it. */
export interface Refusal {
  field: FormField;
  message: string;
}

export interface PlaceOrder {
  placing: boolean;
  /** The message for the error area, until the next try. */
  error: string | undefined;
  /** The field the server refused, until it is changed or placing is tried again. */
  refusal: Refusal | undefined;
  /** The shopper changed a field: its refusal mark goes. */
  changed: (field: FormField) => void;
  place: (termsAccepted: boolean) => Promise<void>;
}

const isCustomerField = (f: FormField): f is CustomerField => (CUSTOMER_FIELDS as readonly string[]).includes(f);

export function failureText(f: CheckoutFailure, t: CheckoutStrings): string {
  if (f.message) return f.message;
  if (f.code === 'offline') return t.errors.offline;
  if (f.code === 'price_changed') return t.errors.price_changed;
  if (f.status === 404) return t.errors.not_found;
  return t.errors.generic;
}

export function usePlaceOrder(
  locale: LocaleCode,
  checkout: CheckoutController,
  form: CustomerForm,
  saver: FieldSaver,
  t: CheckoutStrings,
): PlaceOrder {
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();

  // focus once the reloaded checkout is rendered: the refused control may only exist (and be marked) then
  useEffect(() => {
    if (refusal) focusField(refusal.field);
  }, [refusal]);

  const place = async (termsAccepted: boolean) => {
    setError(undefined);
    setRefusal(undefined);
    await saver.flush();
    await checkout.settled();
    const view = checkout.latest();
    if (!view) return;
    const fields = [...form.submit(), ...choiceProblems(view, form.type, termsAccepted), ...view.problems.map((p) => formFieldOf(p.field))];
    if (fields.length > 0) {
      setError(t.problems.summary);
      focusField(firstInFormOrder(fields));
      return;
    }
    setPlacing(true);
    const r = await placeOrder(view.id);
    if (r.ok) {
      location.assign(r.data.redirect_url); // stays "placing" while the next page loads
      return;
    }
    setPlacing(false);
    // the server's view tells what changed (prices, stock, a refused field): show it before asking again
    if (r.status !== 0) await checkout.reload();
    const message = failureText(r, t);
    setError(message);
    const latest = checkout.latest();
    const field = r.status === 400 && r.field ? formFieldOf(r.field) : undefined;
    if (!field || !isFormField(field) || !latest) return;
    if (isCustomerField(field)) form.adopt(field, latest.customer[field] ?? '');
    setRefusal({ field, message });
  };

  const changed = (field: FormField) => setRefusal((r) => (r?.field === field ? undefined : r));

  return { placing, error, refusal, changed, place };
}
