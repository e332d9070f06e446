/**
 * Experiments API (docs/product/api.md#experiments): the running experiments, the visitor's events, the
 * operator's report. The browser imports only the types.
 */
import { z } from 'zod';
import { isVariantOf } from '#lib/experiments/catalogue.ts';
import { VISITOR_ID_PATTERN } from '#lib/experiments/assignment.ts';

export { EXPERIMENT_PATHS } from './experiment-paths.ts';

/** At most this many events in one request (a page sends a handful). */
export const MAX_EVENTS_PER_REQUEST = 20;
export const MAX_EVENTS_BODY_BYTES = 8 * 1024;
/** Requests per client IP and minute (EXPERIMENT_EVENTS_RATE_LIMIT overrides). */
export const EXPERIMENT_EVENTS_RATE_LIMIT_DEFAULT = 60;

export const visitorIdSchema = z.string().regex(VISITOR_ID_PATTERN, 'a random visitor id (lower-case UUID)');

const exposureSchema = z
  .object({
    type: z.literal('exposure'),
    experiment: z.string().max(64),
    variant: z.string().max(64),
  })
  .refine((e) => isVariantOf(e.experiment, e.variant), { message: 'not a variant of a known experiment', path: ['variant'] });

const addToCartSchema = z.object({
  type: z.literal('add_to_cart'),
  sku: z.string().trim().min(1).max(64),
  quantity: z.number().int().min(1).max(5000),
});

/** POST /api/experiment-events: one visitor's events; nothing else about them. */
export const experimentEventsRequestSchema = z.object({
  visitor_id: visitorIdSchema,
  events: z
    .array(z.discriminatedUnion('type', [exposureSchema, addToCartSchema]))
    .min(1)
    .max(MAX_EVENTS_PER_REQUEST),
});
export type ExperimentEventsRequest = z.input<typeof experimentEventsRequestSchema>;
export type ExperimentEvent = ExperimentEventsRequest['events'][number];

export interface ExperimentEventsAnswer {
  /** Exposures stored now (a visitor's repeated exposure to an experiment is not). */
  exposures: number;
  add_to_carts: number;
}

/** GET /api/operator/experiments/report query (besides locale and sid). */
export const experimentReportQuerySchema = z.object({
  experiment: z.string().max(64).optional(),
  /** `all`: every storefront's visitors; default the storefront called. */
  scope: z.enum(['storefront', 'all']).default('storefront'),
});
