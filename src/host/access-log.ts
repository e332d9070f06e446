/**
 * One access-log line and the HTTP metrics per request, when its answer is done or its connection gone
 * (docs/product/logs-and-metrics.md#access-log). The route is a label (src/lib/telemetry/route-label.ts), never the
 * raw path: no id, e-mail, token or query value is logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocaleCode } from '#lib/market/locales.ts';
import { methodLabel } from '#lib/telemetry/route-label.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { metrics } from '#server/telemetry/metrics.ts';

/** What the host learnt about a request while routing it. */
export interface Served {
  requestId: string;
  route: string;
  locale?: LocaleCode;
  /** performance.now() at arrival. */
  started: number;
}

const log = loggerFor('access');
/** Probes and scrapes come every few seconds: their lines are debug, so the info log shows visitors (still counted). */
const PROBES = new Set(['healthz', 'readyz', 'metrics']);

export function logAccess(req: IncomingMessage, res: ServerResponse, s: Served): void {
  const ms = performance.now() - s.started;
  const aborted = !res.writableFinished;
  // 499: the client left before the answer started (nginx's convention)
  const status = res.headersSent ? res.statusCode : 499;
  const method = methodLabel(req.method);
  metrics.httpRequests.inc({ method, route: s.route, status: String(status) });
  metrics.httpDuration.observe({ method, route: s.route }, ms / 1000);
  const line = {
    method,
    route: s.route,
    status,
    ms: Math.round(ms * 10) / 10,
    locale: s.locale ?? null,
    requestId: s.requestId,
    ...(aborted ? { aborted } : {}),
  };
  const msg = `${method} ${s.route} ${status}`;
  if (PROBES.has(s.route)) log.debug(line, msg);
  else log.info(line, msg);
}
