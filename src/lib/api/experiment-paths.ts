/** Paths of the experiments API (docs/product/api.md#experiments), free of zod for the page script. */
export const EXPERIMENT_PATHS = {
  running: '/api/experiments',
  events: '/api/experiment-events',
  report: '/api/operator/experiments/report',
} as const;
