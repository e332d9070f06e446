// Open-loop load at an even rate: one request every 1000/rate ms, whatever the answers do, latency counted
// from the moment the request was DUE (coordinated omission accounted for). autocannon's rate limit sends
// each second's quota in a burst at the start of the second, which measures its own queue, not the server.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Resolves with the status (0: the request failed on the network), never rejects. */
function once(port, host, { method, path, body, headers }) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { host, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const is2xx = (status) => status >= 200 && status < 300;

function summary(latencies, failed) {
  latencies.sort((a, b) => a - b);
  return {
    n: latencies.length,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    max: latencies[latencies.length - 1],
    failed,
  };
}

/**
 * next() gives each request's { method, path, body, headers }, optionally its own `host` (else the run's) and a
 * `kind` to report it under. `ok(status)` says which answers count as successes (default 2xx). Resolves with
 * req/s, p50, p95, p99, max and failures overall, and the same per kind in `kinds`.
 */
export async function pacedLoad({ port, host, rate, seconds, next, ok = is2xx }) {
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const latencies = [];
  const byKind = new Map();
  let failed = 0;
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const req = next();
    const kind = req.kind ?? 'all';
    if (!byKind.has(kind)) byKind.set(kind, { latencies: [], failed: 0 });
    const mine = byKind.get(kind);
    pending.push(
      once(port, req.host ?? host, req).then((status) => {
        const ms = performance.now() - due;
        latencies.push(ms);
        mine.latencies.push(ms);
        if (!ok(status)) {
          failed++;
          mine.failed++;
        }
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  const kinds = Object.fromEntries([...byKind].map(([k, v]) => [k, summary(v.latencies, v.failed)]));
  return { rps: total / elapsed, ...summary(latencies, failed), kinds };
}
