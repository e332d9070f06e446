/** Cart quantity spinner rules (docs/product/cart.md#quantity-spinner). */
export const SPINNER_MIN = 0;
export const SPINNER_MAX = 5000;
/** Debounce of a spinner change; a remove is sent at once. */
export const SPINNER_DEBOUNCE_MS = 250;
export const REMOVE_DEBOUNCE_MS = 0;

/** Typed input forced to an integer in range; non-numeric input becomes the minimum. */
export function clampQuantity(input: string | number): number {
  const n = typeof input === 'number' ? input : Number.parseFloat(String(input).trim().replace(',', '.'));
  if (!Number.isFinite(n)) return SPINNER_MIN;
  return Math.min(SPINNER_MAX, Math.max(SPINNER_MIN, Math.trunc(n)));
}

/** An update is sent only if the value differs from the current quantity. */
export function shouldSendUpdate(next: number, current: number): boolean {
  return next !== current;
}

export function debounceFor(next: number): number {
  return next === 0 ? REMOVE_DEBOUNCE_MS : SPINNER_DEBOUNCE_MS;
}
