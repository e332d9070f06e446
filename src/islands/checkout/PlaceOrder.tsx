/** Terms and the place-order button (docs/product/checkout.md#placing-the-order). */
import type { CheckoutStrings } from './checkout-props.ts';
import { controlId, problemId } from './field-ids.ts';
import FieldProblem from './FieldProblem.tsx';

interface Props {
  t: CheckoutStrings;
  terms: boolean;
  termsProblem: string | undefined;
  placing: boolean;
  onTerms: (accepted: boolean) => void;
  onPlace: () => void;
}

export default function PlaceOrder({ t, terms, termsProblem, placing, onTerms, onPlace }: Props) {
  return (
    <div className="checkout-place">
      <div className={`field field--check${termsProblem ? ' field--invalid' : ''}`}>
        <label>
          <input
            id={controlId('terms')}
            type="checkbox"
            checked={terms}
            data-testid="checkout-terms"
            aria-invalid={termsProblem ? true : undefined}
            aria-describedby={termsProblem ? problemId('terms') : undefined}
            onChange={(e) => onTerms(e.currentTarget.checked)}
          />
          {t.terms}
        </label>
        <FieldProblem field="terms" text={termsProblem} />
      </div>
      <button
        type="button"
        className="button checkout-place__button"
        data-testid="checkout-place-order"
        disabled={placing}
        onClick={onPlace}
      >
        {placing ? t.placing : t.place_order}
      </button>
    </div>
  );
}
