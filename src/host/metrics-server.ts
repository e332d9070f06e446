/**
 * The internal /metrics listener (docs/product/logs-and-metrics.md#metrics): on PARTSFRONT_METRICS_PORT, bound to
 * PARTSFRONT_METRICS_HOST (default 127.0.0.1) so only the machine or its private network can scrape it.
 */
import http from 'node:http';
import { metricsText } from '#server/telemetry/metrics.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('metrics');

export function startMetricsServer(port: number, host = '127.0.0.1'): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://internal').pathname;
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    metricsText().then(
      ({ body, contentType }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics collection failed');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
