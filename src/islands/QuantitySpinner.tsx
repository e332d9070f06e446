/** Cart quantity spinner (docs/product/cart.md#quantity-spinner): 0–5000, integers only, 250 ms debounce, 0 ms to remove, no-op when unchanged. */
import { useEffect, useRef, useState } from 'react';
import { clampQuantity, debounceFor, shouldSendUpdate, SPINNER_DEBOUNCE_MS, SPINNER_MAX, SPINNER_MIN } from '#lib/cart/client-spinner.ts';

export interface SpinnerLabels {
  quantity: string;
  decrease: string;
  increase: string;
}
interface Props {
  value: number;
  disabled: boolean;
  onCommit: (quantity: number) => void;
  labels: SpinnerLabels;
  /** The input's test id: the mini cart's by default, the checkout passes its own. */
  testId?: string;
}

export default function QuantitySpinner({ value, disabled, onCommit, labels, testId = 'minicart-qty' }: Props) {
  const [text, setTextState] = useState(String(value));
  // the latest text, also between renders: quick repeated clicks each count
  const latest = useRef(text);
  const setText = (t: string) => {
    latest.current = t;
    setTextState(t);
  };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(String(value)), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: number, delay = debounceFor(next)) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (shouldSendUpdate(next, value)) onCommit(next);
    }, delay);
  };
  const step = (d: number) => {
    const next = clampQuantity(clampQuantity(latest.current) + d);
    setText(String(next));
    schedule(next);
  };
  return (
    <span className="qty">
      <button type="button" className="qty__btn" aria-label={labels.decrease} disabled={disabled} onClick={() => step(-1)}>
        −
      </button>
      <input
        // text, not number: typed garbage must reach the rules (non-numeric → minimum), not be dropped by the browser
        className="qty__input"
        type="text"
        inputMode="numeric"
        role="spinbutton"
        value={text}
        aria-valuemin={SPINNER_MIN}
        aria-valuemax={SPINNER_MAX}
        aria-valuenow={value}
        aria-label={labels.quantity}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          setText(raw);
          // an emptied or non-numeric field may still be mid-edit: that is committed (as the minimum) on blur
          if (Number.isFinite(Number.parseFloat(raw))) schedule(clampQuantity(raw), SPINNER_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            step(e.key === 'ArrowUp' ? 1 : -1);
          }
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
        onBlur={() => {
          const next = clampQuantity(text);
          setText(String(next));
          schedule(next);
        }}
      />
      <button type="button" className="qty__btn" aria-label={labels.increase} disabled={disabled} onClick={() => step(1)}>
        +
      </button>
    </span>
  );
}
