/** Cart quantity spinner (SPEC §5): 0–5000, integers only, 250 ms debounce, 0 ms to remove, no-op when unchanged. */
import { useEffect, useRef, useState } from 'react';
import { clampQuantity, debounceFor, shouldSendUpdate, SPINNER_DEBOUNCE_MS, SPINNER_MAX, SPINNER_MIN } from '../lib/spinner-rules.ts';

export interface SpinnerLabels { quantity: string; decrease: string; increase: string }
interface Props { value: number; disabled: boolean; onCommit: (quantity: number) => void; labels: SpinnerLabels }

export default function QuantitySpinner({ value, disabled, onCommit, labels }: Props) {
  const [text, setText] = useState(String(value));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(String(value)), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: number, delay = debounceFor(next)) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => { if (shouldSendUpdate(next, value)) onCommit(next); }, delay);
  };
  const step = (d: number) => {
    const next = clampQuantity(clampQuantity(text) + d);
    setText(String(next));
    schedule(next);
  };
  return (
    <span className="qty">
      <button type="button" className="qty__btn" aria-label={labels.decrease} disabled={disabled} onClick={() => step(-1)}>−</button>
      <input
        className="qty__input" type="number" inputMode="numeric" min={SPINNER_MIN} max={SPINNER_MAX} step={1} value={text}
        aria-label={labels.quantity} disabled={disabled} data-testid="minicart-qty"
        onChange={(e) => {
          const raw = e.currentTarget.value;
          setText(raw);
          // an emptied field is still being typed in: commit it on blur, not mid-edit
          if (raw.trim() !== '') schedule(clampQuantity(raw), SPINNER_DEBOUNCE_MS);
        }}
        onBlur={() => {
          const next = clampQuantity(text);
          setText(String(next));
          schedule(next);
        }}
      />
      <button type="button" className="qty__btn" aria-label={labels.increase} disabled={disabled} onClick={() => step(1)}>+</button>
    </span>
  );
}
