/** Client error reports (POST /captuerr) with locale and sid like every other call; never throws. */
import type { CaptuerrRequest } from '#lib/api/telemetry-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { apiUrl } from './http.ts';

export function reportClientError(body: CaptuerrRequest): void {
  try {
    // keepalive: the report must survive the page being unloaded by the error
    void fetch(apiUrl(API_PATHS.captuerr), {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => {});
  } catch {
    /* never throw from the error handler */
  }
}
