/** Where a service-point option is picked up: the points the server found near the postal code, nearest first. */
import type { CheckoutView, ServicePointView } from '#lib/api/checkout-contracts.ts';
import type { CheckoutStrings } from './checkout-props.ts';
import { controlId, problemId } from './field-ids.ts';
import FieldProblem from './FieldProblem.tsx';

interface Props {
  view: CheckoutView;
  t: CheckoutStrings['shipping'];
  problem: string | undefined;
  onChange: (id: string) => void;
}

const describe = (p: ServicePointView) =>
  [p.name, `${p.street}, ${p.postal_code} ${p.city}`, p.distance_meters !== undefined ? `${(p.distance_meters / 1000).toFixed(1)} km` : '']
    .filter(Boolean)
    .join(' – ');

export default function ServicePoints({ view, t, problem, onChange }: Props) {
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={controlId('service_point_id')}>{t.service_point}</label>
      <select
        id={controlId('service_point_id')}
        value={view.service_point_id ?? ''}
        data-testid="checkout-service-point"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId('service_point_id') : undefined}
        onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value)}
      >
        <option value="" disabled>
          {t.choose_service_point}
        </option>
        {view.service_points.map((p) => (
          <option key={p.id} value={p.id}>
            {describe(p)}
          </option>
        ))}
      </select>
      <FieldProblem field="service_point_id" text={problem} />
    </div>
  );
}
