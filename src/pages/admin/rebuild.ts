/**
 * POST /admin/rebuild — content editors rebuild the storefronts (on any storefront domain).
 * Authorization: Bearer <PARTSFRONT_REBUILD_TOKEN>; without a configured token the endpoint refuses everyone.
 * Answers 202 and builds in the background (the current build keeps serving); GET shows the job's state.
 */
import type { APIRoute } from 'astro';
import { isAuthorized } from '#server/security/admin-auth.ts';
import { rebuildJob, startRebuild } from '#builds/rebuild-job.ts';
import { API_ERROR_STATUS, errorBody } from '#lib/api/errors.ts';
import { UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { endpoint, json } from '#server/http/endpoint.ts';

export const prerender = false;

function requireEditor(request: Request): void {
  if (!isAuthorized(request.headers.get('authorization'), process.env.PARTSFRONT_REBUILD_TOKEN)) {
    throw new UnauthorizedError('A valid rebuild token is required');
  }
}

export const POST: APIRoute = endpoint(({ request }) => {
  requireEditor(request);
  if (!startRebuild())
    return json({ ...errorBody('rebuild_running', 'A rebuild is already running'), job: rebuildJob() }, API_ERROR_STATUS.rebuild_running);
  return json({ job: rebuildJob() }, 202);
});

export const GET: APIRoute = endpoint(({ request }) => {
  requireEditor(request);
  return json({ job: rebuildJob() });
});
