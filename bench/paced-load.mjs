// Open-loop load at an even rate: one request every 1000/rate ms, whatever the answers do, latency counted
// from the moment the request was DUE (coordinated omission accounted for). autocannon's rate limit sends
// each second's quota in a burst at the start of the second, which measures its own queue, not the server.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

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

/** next() gives each request's { method, path, body, headers }. Resolves with req/s, p50, p99, max and failures. */
export async function pacedLoad({ port, host, rate, seconds, next }) {
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const latencies = [];
  let failed = 0;
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      once(port, host, next()).then((status) => {
        latencies.push(performance.now() - due);
        if (status < 200 || status >= 300) failed++;
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: total / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies[latencies.length - 1], failed };
}
