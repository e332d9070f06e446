/**
 * The experiment report's counts (docs/product/experiments.md#the-report): three grouped queries over the exposures,
 * add-to-carts after exposure and orders after exposure (joined by the visitor id the order carries); the
 * figures and statistics are computed by the pure src/lib/experiments/report.ts.
 */
import type { Db } from '#server/db/connection.ts';
import { buildExperimentReports, type ExperimentReport } from '#lib/experiments/report.ts';
import { ordersOfExperimentVisitors } from '#server/orders/order-reads.ts';

export interface ReportFilter {
  experiment?: string;
  /** Only visitors exposed on this storefront. */
  locale?: string;
}

export async function experimentReport(db: Db, filter: ReportFilter = {}): Promise<ExperimentReport[]> {
  let exposures = db.selectFrom('experiment_exposures as e');
  if (filter.experiment) exposures = exposures.where('e.experiment', '=', filter.experiment);
  if (filter.locale) exposures = exposures.where('e.locale', '=', filter.locale);
  const [visitors, adds, orders] = await Promise.all([
    exposures
      .select(['e.experiment', 'e.variant', (eb) => eb.fn.countAll().as('visitors')])
      .groupBy(['e.experiment', 'e.variant'])
      .execute(),
    exposures
      .innerJoin('experiment_cart_adds as a', (j) => j.onRef('a.visitor_id', '=', 'e.visitor_id').onRef('a.added_at', '>=', 'e.exposed_at'))
      .select([
        'e.experiment',
        'e.variant',
        (eb) => eb.fn.count('a.visitor_id').distinct().as('visitors'),
        (eb) => eb.fn.countAll().as('adds'),
      ])
      .groupBy(['e.experiment', 'e.variant'])
      .execute(),
    exposures
      .innerJoin(ordersOfExperimentVisitors(db).as('o'), (j) =>
        j.onRef('o.experiment_visitor_id', '=', 'e.visitor_id').onRef('o.created_at', '>=', 'e.exposed_at'),
      )
      .select([
        'e.experiment',
        'e.variant',
        'o.currency',
        (eb) => eb.fn.count('o.experiment_visitor_id').distinct().as('buyers'),
        (eb) => eb.fn.countAll().as('orders'),
        (eb) => eb.fn.sum('o.total_minor').as('revenue'),
      ])
      .groupBy(['e.experiment', 'e.variant', 'o.currency'])
      .execute(),
  ]);
  return buildExperimentReports({ visitors, adds, orders });
}
