/**
 * Every metric of the process (docs/product/logs-and-metrics.md#metrics), in one prom-client registry served at
 * /metrics. Defined once per process on globalThis: the host and each loaded build bundle have their own copy of
 * this module (src/builds/switch-hook.ts), and they must count into the same series. Labels are fixed sets (route
 * patterns, provider ids, outcomes): never an id, an e-mail or a path.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Cache stats as src/server/cache keeps them. */
export interface CacheReading {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

/**
 * Readings taken at scrape time from state that lives in other folders; they register a reader here (telemetry is
 * the ground floor and imports no other server folder: docs/adr/0006-source-layout.md).
 */
interface Readers {
  passwordSlots?: () => { running: number; queued: number };
  caches?: () => [string, CacheReading][];
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LONG_SECONDS = [1, 5, 15, 30, 60, 120, 300, 600, 1200];

function create() {
  const registry = new Registry();
  const readers: Readers = {};
  collectDefaultMetrics({ register: registry }); // event-loop lag, heap, GC, handles, CPU
  const reg = [registry];

  const cacheStats = () => readers.caches?.() ?? [];
  const cacheGauge = (name: string, help: string, field: 'entries' | 'bytes' | 'maxBytes') =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: reg,
      collect() {
        this.reset();
        for (const [cache, s] of cacheStats()) this.set({ cache }, s[field]);
      },
    });
  const cacheCounter = (name: string, help: string, field: 'hits' | 'misses' | 'evictions') =>
    new Counter({
      name,
      help,
      labelNames: ['cache'],
      registers: reg,
      collect() {
        this.reset(); // the cache keeps the running total: copied at each scrape
        for (const [cache, s] of cacheStats()) this.inc({ cache }, s[field]);
      },
    });

  return {
    registry,
    readers,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'Answered requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: reg,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: SECONDS,
      registers: reg,
    }),
    cacheEntries: cacheGauge('partsfront_cache_entries', 'Entries in each bounded process cache', 'entries'),
    cacheBytes: cacheGauge('partsfront_cache_bytes', 'Estimated bytes held by each bounded process cache', 'bytes'),
    cacheMaxBytes: cacheGauge('partsfront_cache_max_bytes', 'Byte budget of each bounded process cache', 'maxBytes'),
    cacheHits: cacheCounter('partsfront_cache_hits_total', 'Lookups answered from each bounded process cache', 'hits'),
    cacheMisses: cacheCounter('partsfront_cache_misses_total', 'Lookups each bounded process cache could not answer', 'misses'),
    cacheEvictions: cacheCounter('partsfront_cache_evictions_total', 'Entries dropped to stay within the budget', 'evictions'),
    passwordHashRunning: new Gauge({
      name: 'partsfront_password_hash_running',
      help: 'Password hashes computing now',
      registers: reg,
      collect() {
        this.set(readers.passwordSlots?.().running ?? 0);
      },
    }),
    passwordHashWaiting: new Gauge({
      name: 'partsfront_password_hash_waiting',
      help: 'Password hashes waiting for a slot',
      registers: reg,
      collect() {
        this.set(readers.passwordSlots?.().queued ?? 0);
      },
    }),
    passwordHashRefused: new Counter({
      name: 'partsfront_password_hash_refused_total',
      help: 'Sign-ins refused at once because the hashing queue was full',
      registers: reg,
    }),
    rateLimitRefusals: new Counter({
      name: 'partsfront_rate_limit_refusals_total',
      help: 'Hits over a rate limit, by limit (bucket) name',
      labelNames: ['limit'],
      registers: reg,
    }),
    providerCalls: new Counter({
      name: 'partsfront_provider_calls_total',
      help: 'HTTP calls to external providers by provider and outcome (ok, rejected, unavailable, timeout)',
      labelNames: ['provider', 'outcome'],
      registers: reg,
    }),
    providerDuration: new Histogram({
      name: 'partsfront_provider_call_duration_seconds',
      help: 'Duration of HTTP calls to external providers',
      labelNames: ['provider', 'outcome'],
      buckets: SECONDS,
      registers: reg,
    }),
    mailDeliveries: new Counter({
      name: 'partsfront_mail_deliveries_total',
      help: 'Outbox delivery attempts by outcome (sent, retrying, failed)',
      labelNames: ['outcome'],
      registers: reg,
    }),
    mailBacklog: new Gauge({
      name: 'partsfront_mail_outbox_backlog',
      help: 'Queued outbox messages at the end of the last delivery pass',
      registers: reg,
    }),
    mailPassFailures: new Counter({
      name: 'partsfront_mail_pass_failures_total',
      help: 'Delivery passes that failed as a whole (database or SMTP connection)',
      registers: reg,
    }),
    reconcileRuns: new Counter({
      name: 'partsfront_reconcile_runs_total',
      help: 'Reconciliation runs by result (ran, skipped: another node held the lock, failed)',
      labelNames: ['result'],
      registers: reg,
    }),
    reconcilePayments: new Counter({
      name: 'partsfront_reconcile_payments_total',
      help: 'Payments looked at by reconciliation, by outcome (completed, closed, pending, errors)',
      labelNames: ['outcome'],
      registers: reg,
    }),
    changeFeedLag: new Gauge({
      name: 'partsfront_change_feed_lag_seconds',
      help: 'Age of the last change-feed entry when its pages were re-rendered',
      registers: reg,
    }),
    changeApply: new Histogram({
      name: 'partsfront_change_apply_duration_seconds',
      help: 'Time to re-render the pages of one change-feed entry',
      buckets: SECONDS,
      registers: reg,
    }),
    pagesRendered: new Counter({
      name: 'partsfront_pages_rendered_total',
      help: 'Pages rendered into the served build, by reason (change, first-request) and result (ok, failed)',
      labelNames: ['reason', 'result'],
      registers: reg,
    }),
    firstRenderDuration: new Histogram({
      name: 'partsfront_first_request_render_duration_seconds',
      help: 'Rendering a page a build left out on its first request (the visitor waits for it)',
      labelNames: ['result'],
      buckets: SECONDS,
      registers: reg,
    }),
    rebuildDuration: new Histogram({
      name: 'partsfront_rebuild_duration_seconds',
      help: 'Full rebuilds started in this process (POST /admin/rebuild), by result',
      labelNames: ['result'],
      buckets: LONG_SECONDS,
      registers: reg,
    }),
  };
}

export type Metrics = ReturnType<typeof create>;

const KEY = Symbol.for('partsfront.telemetry.metrics.v1');
const holder = globalThis as typeof globalThis & { [KEY]?: Metrics };

export const metrics: Metrics = (holder[KEY] ??= create());

/** The password-hashing queue (src/server/auth/work-slots.ts) read at each scrape. */
export function watchPasswordSlots(read: () => { running: number; queued: number }): void {
  metrics.readers.passwordSlots = read;
}

/** The bounded process caches (src/server/cache/process-cache.ts) read at each scrape. */
export function watchCaches(read: () => [string, CacheReading][]): void {
  metrics.readers.caches = read;
}

export type ProviderOutcome = 'ok' | 'rejected' | 'unavailable' | 'timeout';

/** Runs one call to an external provider, counted and timed by provider and outcome (`outcomeOf` names a failure). */
export async function observeProviderCall<T>(
  provider: string,
  call: () => Promise<T>,
  outcomeOf: (err: unknown) => ProviderOutcome,
): Promise<T> {
  const started = performance.now();
  let outcome: ProviderOutcome = 'ok';
  try {
    return await call();
  } catch (err) {
    outcome = outcomeOf(err);
    throw err;
  } finally {
    metrics.providerCalls.inc({ provider, outcome });
    metrics.providerDuration.observe({ provider, outcome }, secondsSince(started));
  }
}

/** Seconds since a `performance.now()` reading. */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;

/** The Prometheus text exposition: body and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}
