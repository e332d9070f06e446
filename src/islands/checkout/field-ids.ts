/**
 * Element ids and test ids of the checkout form. A field's control has the id `checkout-field-<field>`
 * (focus goes there when it has the first problem); test ids are the public contract of the e2e tests.
 */
export const controlId = (field: string) => `checkout-field-${field}`;
export const problemId = (field: string) => `checkout-problem-${field}`;
/** `postal_code` → `checkout-postal-code`. */
export const testIdOf = (field: string) => `checkout-${field.replace(/_/g, '-')}`;

/** Moves focus (and the view) to a field's control, e.g. the first one with a problem. */
export function focusField(field: string | undefined): void {
  if (!field) return;
  const el = document.getElementById(controlId(field));
  el?.focus();
  el?.scrollIntoView({ block: 'center' });
}
