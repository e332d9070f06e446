/** One labelled input of the customer form, with its hint and its problem (docs/product/checkout.md#customer-fields). */
import type { InputHTMLAttributes } from 'react';
import FieldProblem from './FieldProblem.tsx';
import { controlId, problemId, testIdOf } from './field-ids.ts';

interface Props {
  field: string;
  label: string;
  value: string;
  hint?: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'autoCapitalize' | 'spellCheck'>;
}

export default function TextField({ field, label, value, hint, problem, onChange, onBlur, input }: Props) {
  const hintId = `${controlId(field)}-hint`;
  const describedBy = [hint ? hintId : '', problem ? problemId(field) : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={controlId(field)}>{label}</label>
      <input
        id={controlId(field)}
        name={field}
        type="text"
        {...input}
        value={value}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid={testIdOf(field)}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldProblem field={field} text={problem} />
    </div>
  );
}
