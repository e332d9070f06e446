// `node bench/nginx-static.mjs`: one static product page, 50 connections (autocannon, BENCH_SECONDS each, default
// 10), through the topology's nginx (src/lib/deploy/nginx-config.ts: CSP map, headers, try_files on the export)
// against a plain nginx serving the same file from a minimal config. Prints req/s, p99 and the ratio (goal ≥ 0.9×:
// the shop's config costs nginx little). Needs TEST_DATABASE_URL (reset and seeded) and the prepared test build
// (node scripts/test-prepare.mjs); ports TOPOLOGY_NGINX_PORT (4540), 4541–4542 for the nodes, 4543 for the plain nginx.
import autocannon from 'autocannon';
import { clusterDatabaseUrl, prepareClusterDatabase } from '#tests/cluster/cluster-support.ts';
import { startLocalTopology, startNginx } from '#tests/support/local-topology.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NGINX_PORT = Number(process.env.TOPOLOGY_NGINX_PORT ?? 4540);
const PLAIN_PORT = NGINX_PORT + 3;
const url = clusterDatabaseUrl();
await prepareClusterDatabase(url);
const topology = await startLocalTopology({
  label: 'bench',
  databaseUrl: url,
  nginxPort: NGINX_PORT,
  nodePorts: [NGINX_PORT + 1, NGINX_PORT + 2],
  env: { PARTSFRONT_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN },
});
const plain = await startNginx({
  port: PLAIN_PORT,
  label: 'plain',
  site: [
    `server {`,
    `  listen 127.0.0.1:${PLAIN_PORT};`,
    `  root ${topology.exportDir}/sv.localhost;`,
    `  location / { try_files $uri/index.html =404; }`,
    `}`,
    ``,
  ].join('\n'),
});

async function run(port) {
  const page = (await import('node:fs')).readdirSync(`${topology.exportDir}/sv.localhost/produkt`)[0];
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/produkt/${page}`,
    headers: { host: `sv.localhost:${port}` },
    connections: 50,
    duration: SECONDS,
  });
  if (r.non2xx || r.errors) throw new Error(`port ${port}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, bytes: r.throughput.average };
}

try {
  await run(PLAIN_PORT); // warm-up: page cache, both nginx
  await run(NGINX_PORT);
  // alternating rounds, the best of each: a shared machine's other load hits both alike
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  const plainRuns = [];
  const shopRuns = [];
  for (let i = 0; i < ROUNDS; i++) {
    plainRuns.push(await run(PLAIN_PORT));
    shopRuns.push(await run(NGINX_PORT));
  }
  const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const plainR = best(plainRuns);
  const shopR = best(shopRuns);
  const line = (label, r) => `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`;
  console.log(
    `\none static product page (no compression asked), 50 connections, best of ${ROUNDS} alternating ${SECONDS}-s rounds, nginx 1 worker, load generator on the same machine`,
  );
  console.log(line('plain nginx (minimal config)', plainR));
  console.log(line('topology nginx (shop config)', shopR));
  const ratio = shopR.rps / plainR.rps;
  console.log(`  ratio ${ratio.toFixed(2)}× — goal ≥ 0.9×: ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
} finally {
  await plain.stop();
  await topology.stop();
}
process.exit(0);
