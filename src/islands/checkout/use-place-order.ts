/**
 * Placing the order (docs/product/checkout.md#placing-the-order): pending field saves go first, then
 * every problem is shown at once with focus on the first; only a complete checkout is posted. The
 * browser then goes where the server says (confirmation, or a provider's page). A changed price reloads
 * the checkout and asks the shopper to confirm again; out of stock shows the server's message.
 */
import { useState } from 'react';
import { choiceProblems, firstInFormOrder, formFieldOf } from '#lib/checkout/client-field-rules.ts';
import { placeOrder, type CheckoutFailure } from '#api-client/checkout.ts';
import type { CheckoutStrings } from './checkout-props.ts';
import { focusField } from './field-ids.ts';
import type { CheckoutController } from './use-checkout.ts';
import type { CustomerForm } from './use-customer-form.ts';
import type { FieldSaver } from './use-field-saver.ts';

export interface PlaceOrder {
  placing: boolean;
  /** The message for the error area, until the next try. */
  error: string | undefined;
  place: (termsAccepted: boolean) => Promise<void>;
}

export function failureText(f: CheckoutFailure, t: CheckoutStrings): string {
  if (f.message) return f.message;
  if (f.code === 'offline') return t.errors.offline;
  if (f.code === 'price_changed') return t.errors.price_changed;
  if (f.status === 404) return t.errors.not_found;
  return t.errors.generic;
}

export function usePlaceOrder(checkout: CheckoutController, form: CustomerForm, saver: FieldSaver, t: CheckoutStrings): PlaceOrder {
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string>();

  const place = async (termsAccepted: boolean) => {
    setError(undefined);
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
    setError(failureText(r, t));
    const problem = checkout.latest()?.problems[0];
    if (problem) focusField(formFieldOf(problem.field));
  };

  return { placing, error, place };
}
