/**
 * POST /admin/rebuild — content editors rebuild the storefronts (on any storefront domain).
 * Authorization: Bearer <PARTSFRONT_REBUILD_TOKEN>; without a configured token the endpoint refuses everyone.
 * Answers 202 and builds in the background (the current build keeps serving); GET shows the job's state.
 */
import type { APIRoute } from 'astro';
import { isAuthorized } from '#builds/admin-auth.ts';
import { rebuildJob, startRebuild } from '#builds/rebuild-job.ts';

export const prerender = false;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
const unauthorized = () => json(401, { error: { code: 'unauthorized', message: 'A valid rebuild token is required' } });

export const POST: APIRoute = ({ request }) => {
  if (!isAuthorized(request.headers.get('authorization'), process.env.PARTSFRONT_REBUILD_TOKEN)) return unauthorized();
  if (!startRebuild()) return json(409, { error: { code: 'rebuild_running', message: 'A rebuild is already running' }, job: rebuildJob() });
  return json(202, { job: rebuildJob() });
};

export const GET: APIRoute = ({ request }) => {
  if (!isAuthorized(request.headers.get('authorization'), process.env.PARTSFRONT_REBUILD_TOKEN)) return unauthorized();
  return json(200, { job: rebuildJob() });
};
