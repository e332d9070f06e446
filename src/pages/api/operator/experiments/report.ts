/**
 * GET /api/operator/experiments/report (docs/product/api.md#experiment-report): the experiment report for staff.
 * Bearer PARTSFRONT_OPERATOR_TOKEN; ?locale=&sid= of a storefront; `experiment` narrows it to one, `scope=all`
 * counts every storefront's visitors (default: the storefront called).
 */
import type { APIRoute } from 'astro';
import { experimentReportQuerySchema } from '#lib/api/experiment-contracts.ts';
import { endpoint, json, methodNotAllowed, queryObject, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireOperator } from '#server/fulfilment/operator-auth.ts';
import { experimentReport } from '#server/experiments/experiment-report.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ request, url }) => {
  requireOperator(request);
  const { locale } = requireStore(url);
  const q = validate(experimentReportQuerySchema, queryObject(url));
  const report = await experimentReport(getDb(), { experiment: q.experiment, locale: q.scope === 'all' ? undefined : locale });
  return json({ scope: q.scope === 'all' ? 'all' : locale, generated_at: new Date().toISOString(), experiments: report });
});

export const ALL = methodNotAllowed(['GET']);
