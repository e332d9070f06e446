/** The experiments calls of the browser (docs/product/api.md#experiments); never throw. */
import { EXPERIMENT_PATHS } from '#lib/api/experiment-paths.ts';
import type { ExperimentEventsRequest } from '#lib/api/experiment-contracts.ts';
import { readExperimentsAnswer, type ExperimentsAnswer } from '#lib/experiments/running.ts';
import { apiUrl, getJson } from './http.ts';

/** The running experiments of this storefront, or undefined when the call or its answer failed. */
export async function fetchRunningExperiments(): Promise<ExperimentsAnswer | undefined> {
  try {
    const r = await getJson<unknown>(EXPERIMENT_PATHS.running);
    return r.ok ? readExperimentsAnswer(r.data) : undefined;
  } catch {
    return undefined;
  }
}

/** Posts events; keepalive so a batch sent while the page unloads still arrives. True when stored. */
export async function postExperimentEvents(body: ExperimentEventsRequest): Promise<boolean> {
  try {
    const r = await fetch(apiUrl(EXPERIMENT_PATHS.events), {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    });
    return r.ok;
  } catch {
    return false;
  }
}
