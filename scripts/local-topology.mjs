// `node scripts/local-topology.mjs [--keep-db]`: the production topology without Docker
// (docs/product/deployment.md#the-same-topology-without-docker) on this machine, until Ctrl-C: nginx on
// TOPOLOGY_NGINX_PORT (default 4540) in front of two nodes (TOPOLOGY_NODE_PORTS, default 4541,4542) on the
// PostgreSQL database TEST_DATABASE_URL (reset and seeded unless --keep-db), serving the prepared test build
// (node scripts/test-prepare.mjs) and its static export. Prints the storefront URLs and the rendered nginx config path.
import { parseArgs } from 'node:util';
import { clusterDatabaseUrl, prepareClusterDatabase } from '#tests/cluster/cluster-support.ts';
import { startLocalTopology } from '#tests/support/local-topology.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';

const { values } = parseArgs({ options: { 'keep-db': { type: 'boolean' } } });
const nginxPort = Number(process.env.TOPOLOGY_NGINX_PORT ?? 4540);
const nodePorts = (process.env.TOPOLOGY_NODE_PORTS ?? '4541,4542').split(',').map(Number);
const url = clusterDatabaseUrl();
if (!values['keep-db']) await prepareClusterDatabase(url);
const topology = await startLocalTopology({
  label: 'manual',
  databaseUrl: url,
  nginxPort,
  nodePorts,
  env: { PARTSFRONT_OPERATOR_TOKEN: process.env.PARTSFRONT_OPERATOR_TOKEN ?? TEST_OPERATOR_TOKEN },
});
console.log(`nginx on 127.0.0.1:${nginxPort} (config and logs in ${topology.nginx.dir}), nodes on ${nodePorts.join(', ')}`);
console.log(`  e.g. curl -H 'Host: sv.localhost' http://127.0.0.1:${nginxPort}/`);
const stop = () => topology.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
