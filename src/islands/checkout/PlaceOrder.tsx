/**
 * The right of withdrawal (consumers), terms and the place-order button (docs/product/checkout.md#placing-the-order).
 * The withdrawal line is the pre-contract information of art. 6(1)(h) (docs/product/legal.md).
 */
import type { CheckoutStrings } from './checkout-props.ts';
import { controlId, problemId } from './field-ids.ts';
import FieldProblem from './FieldProblem.tsx';

interface Props {
  t: CheckoutStrings;
  /** A consumer order: the right of withdrawal applies (business buyers get the shop's return policy). */
  consumer: boolean;
  terms: boolean;
  termsProblem: string | undefined;
  placing: boolean;
  onTerms: (accepted: boolean) => void;
  onPlace: () => void;
}

export default function PlaceOrder({ t, consumer, terms, termsProblem, placing, onTerms, onPlace }: Props) {
  return (
    <div className="checkout-place">
      {consumer && (
        <p className="checkout-place__withdrawal" data-testid="checkout-withdrawal-info">
          {t.withdrawal_info}
        </p>
      )}
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
