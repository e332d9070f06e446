/** Kysely types of migration 0020_experiment_events.sql (docs/product/experiments.md#results). */
export interface ExperimentExposuresTable {
  visitor_id: string;
  experiment: string;
  variant: string;
  locale: string;
  exposed_at: string;
}
export interface ExperimentCartAddsTable {
  id: string;
  visitor_id: string;
  locale: string;
  sku: string;
  quantity: number;
  added_at: string;
}
export interface ExperimentTables {
  experiment_exposures: ExperimentExposuresTable;
  experiment_cart_adds: ExperimentCartAddsTable;
}
/** The random visitor id on checkouts and orders (null without statistics consent). */
export interface ExperimentVisitorColumn {
  experiment_visitor_id: string | null;
}
