/**
 * `npm run serve`: serve the current build for all five storefronts on PORT (default 4321) and HOST. Several of
 * these processes (nodes) can serve one shop on one PostgreSQL (docs/adr/0010-several-nodes-on-one-postgresql.md):
 * each follows the build recorded in the database and signs access tokens with the shared key.
 */
import '#server/cli/config-gate.ts'; // first: a bad configuration stops here (docs/product/configuration.md)
import fs from 'node:fs';
import { createStorefrontServer } from './storefront-server.ts';
import { loadBuild } from '#builds/loaded-build.ts';
import { parseDomains } from '#lib/market/locales.ts';
import { BUILDS_DIR, currentBuildDir, SERVER_PID_FILE } from '#builds/build-dir.ts';
import { registerSwitchHook } from '#builds/switch-hook.ts';
import { buildPollMs, startBuildPoll } from '#builds/build-poll.ts';
import { readServedBuild } from '#builds/served-build.ts';
import { registerSharedAuthSecret } from '#server/auth/shared-auth-secret.ts';
import { registerSandboxWebhook } from '#server/payments/sandbox-webhook.ts';
import { getDb, getDbConfig, onLostConnection } from '#server/db/connection.ts';
import { startReconciliation } from '#server/checkout/reconcile-schedule.ts';
import { startMailWorker } from '#server/mail/mail-worker.ts';
import { startEInvoiceWorker } from '#server/einvoice/einvoice-worker.ts';
import { renderEInvoice } from '#server/checkout/e-invoice-delivery.ts';
import { startIdleReclaim } from './idle-reclaim.ts';
import { startupSummary } from './startup-summary.ts';
import { warmSearchIndexes } from '#server/search/search-index.ts';
import { startPageUpdates } from '#builds/page-updates.ts';
import { startScheduledPublishing } from '#builds/scheduled-publishing-poll.ts';
import { startStockAlerts } from '#builds/stock-alerts-poll.ts';
import { changePollMs } from '#builds/incremental-pages.ts';
import { publishRebuild } from '#builds/publish-rebuild.ts';
import { schedulePollMs } from '#server/content/scheduled-publishing.ts';
import { cachedSuccessorSlugs } from '#server/catalogue/part-numbers.ts';
import { cachedRedirects } from '#server/content/redirects.ts';
import { loadExperimentsConfig } from '#server/experiments/experiment-config.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { pingDatabase } from '#server/db/ping.ts';
import { startMetricsServer } from './metrics-server.ts';
import { watchCaches } from '#server/telemetry/metrics.ts';
import { cacheStats } from '#server/cache/process-cache.ts';
import { demoOwnerInvite } from '#server/staff/first-owner.ts';

const log = loggerFor('host');
const dbLog = loggerFor('db');
onLostConnection((err) =>
  dbLog.warn({ err: `${err.code ?? err.name}: ${err.message}` }, 'a PostgreSQL connection was lost; reconnecting on demand'),
);

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
const domains = parseDomains(process.env.PARTSFRONT_DOMAINS);

// Before the build's bundle is loaded: its token module reads the key when it is evaluated.
await registerSharedAuthSecret(getDb()).catch((err: unknown) =>
  log.error({ err }, 'no shared access-token key (is the database migrated?); this process signs with its own'),
);
// An invalid experiments file stops the start here, not at a visitor's first page (docs/product/experiments.md#configuration).
loadExperimentsConfig();
const build = await loadBuild(currentBuildDir());
// Price, stock and content changes re-render only the pages showing them, and product pages a build left out are
// rendered on their first request: docs/adr/0017-incremental-pages.md.
const app = createStorefrontServer(build, domains, {
  materialize: (b, page) => pages.pagesOf(b).materialize(page),
  checkDatabase: () => pingDatabase(getDb(), 1000),
  // A moved content page's old address answers 301 to its new one (read at most every few seconds per address).
  contentRedirect: cachedRedirects(getDb()),
  // A product replaced and no longer sold answers 301 to the part sold now (docs/product/parts-finder.md#part-numbers).
  productRedirect: cachedSuccessorSlugs(getDb()),
});
const pages = startPageUpdates(getDb(), () => app.build, domains);
app.server.listen(port, host, () => {
  for (const line of startupSummary({ env: process.env, host, port, buildDir: build.dir })) console.log(line);
  // Outside production with no staff account yet: a link to become the back office's owner (docs/product/back-office.md#the-first-owner).
  demoOwnerInvite(getDb()).then(
    (url) => url && console.log(`  back-office owner invitation (owner@example.com, 48 h): ${url}`),
    (err: unknown) => log.error({ err }, 'no demo owner invitation (is the database migrated?)'),
  );
  void registerSandboxWebhook();
  // Payments left `paying` (shopper gone, notification lost): docs/product/checkout.md#reconciliation.
  startReconciliation({ db: getDb(), config: getDbConfig() });
  // Queued e-mail and its retries when SMTP is configured: docs/product/emails.md#delivery.
  startMailWorker(getDb());
  // Queued e-invoices to the Peppol access point, retries and delivery events: docs/product/e-invoices.md#delivery.
  startEInvoiceWorker(getDb(), renderEInvoice);
  // Memory a burst of requests grew is given back once the server is quiet: docs/product/performance.md#idle-reclaim.
  startIdleReclaim();
  // Every storefront's search index (from disk, or built) loaded before visitors search:
  // docs/product/search.md#index-freshness-and-caching. Listing indexes load on a storefront's first listing request
  // (≈ 0.5 s on 50k products): loading all five at start cost p99 700 ms under load (docs/adr/0012-listing-pages.md).
  void warmSearchIndexes(getDb());
  // Drafts scheduled for now are published by one node of all (docs/product/content-editing.md#publishing).
  const scheduleMs = schedulePollMs();
  if (scheduleMs > 0) startScheduledPublishing({ db: getDb(), rebuild: publishRebuild, intervalMs: scheduleMs });
  // Confirmed back-in-stock requests get their one mail when the change feed (or the minute's sweep) finds stock:
  // docs/product/parts-finder.md#back-in-stock.
  const stockAlertMs = changePollMs();
  if (stockAlertMs > 0) startStockAlerts(getDb(), stockAlertMs);
  // Every node follows the build recorded by a rebuild (PARTSFRONT_BUILD_DIR pins one build: no following).
  const intervalMs = buildPollMs();
  if (!process.env.PARTSFRONT_BUILD_DIR && intervalMs > 0)
    startBuildPoll({
      read: () => readServedBuild(getDb()),
      buildsDir: BUILDS_DIR,
      served: () => app.build.dir,
      switchTo: (dir) => app.switchTo(dir),
      intervalMs,
    });
});

watchCaches(cacheStats); // the cache gauges of /metrics (telemetry reads no other server folder itself)
// /metrics for a scraper on the machine or private network: docs/product/logs-and-metrics.md#metrics.
if (process.env.PARTSFRONT_METRICS_PORT) {
  const metricsHost = process.env.PARTSFRONT_METRICS_HOST ?? '127.0.0.1';
  const metricsPort = Number(process.env.PARTSFRONT_METRICS_PORT);
  startMetricsServer(metricsPort, metricsHost).then(
    () => log.info({ port: metricsPort, host: metricsHost }, `metrics on http://${metricsHost}:${metricsPort}/metrics`),
    (err: unknown) => log.error({ err }, 'the metrics listener could not start'),
  );
}

// A rebuild started in this process (POST /admin/rebuild) switches in-process when its build is done.
registerSwitchHook(async (dir: string) => {
  await app.switchTo(dir);
  log.info({ dir }, `switched to ${dir}`);
});
// SIGHUP: switch to the build that builds/current points at now (used after `npm run rebuild`).
process.on('SIGHUP', () => {
  const dir = currentBuildDir();
  app.switchTo(dir).then(
    () => log.info({ dir }, `switched to ${dir}`),
    (err: unknown) => log.error({ err, dir }, 'switch failed, keeping the old build'),
  );
});
if (!process.env.PARTSFRONT_BUILD_DIR && fs.existsSync(BUILDS_DIR)) {
  fs.writeFileSync(SERVER_PID_FILE, String(process.pid));
  process.on('exit', () => {
    try {
      if (fs.readFileSync(SERVER_PID_FILE, 'utf8') === String(process.pid)) fs.rmSync(SERVER_PID_FILE);
    } catch {
      /* gone */
    }
  });
}
// Stop: accept nothing new, let requests in flight finish, close keep-alive connections as they fall idle (a proxy
// would otherwise hold them open for its keep-alive timeout, up to 60 s) and give up after 10 s.
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: sig }, 'stopping: finishing the requests in flight');
    app.server.close(() => process.exit(0));
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    setTimeout(() => {
      app.server.closeAllConnections();
      process.exit(0);
    }, 10_000).unref();
  });
