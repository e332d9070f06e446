/** A problem shown next to its field; the field points at it with aria-describedby. */
import { problemId } from './field-ids.ts';

export default function FieldProblem({ field, text }: { field: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={problemId(field)} className="field__problem" data-testid="checkout-field-problem" data-field={field}>
      {text}
    </p>
  );
}
