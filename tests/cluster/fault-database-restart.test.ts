/**
 * Fault: PostgreSQL goes away under load (docs/product/performance.md#faults). On a throwaway PostgreSQL
 * cluster of its own (port 54339, stopped again afterwards), a server answers a steady stream of API calls
 * and on-demand pages (search results, an order confirmation) while PostgreSQL is stopped and started, then
 * restarted: during the outage every answer that needs the database is a prompt 503 (JSON
 * service_unavailable with Retry-After, or the 503 page in the storefront's language), never a 500 or a
 * hang; once PostgreSQL is back the same server answers as before again, without a restart. /readyz says 503
 * (the database) while it is away, /healthz stays 200 (docs/product/logs-and-metrics.md#healthz-and-readyz).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { resetDatabase } from '#tests/support/prepare.ts';
import { request } from '#tests/support/http.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { TEST_BUILD_DIR } from '#tests/support/test-env.ts';
import { STRINGS } from '#lib/market/i18n.ts';

const PG_PORT = '54339';
const PG_DATA = '/tmp/partsfront-pg-fault';
const PORT = 4551;
const CONNECT_TIMEOUT_MS = 2000;
/** Longest an answer may take while PostgreSQL is away: the pool's connect timeout plus slack for a busy machine. */
const MAX_ANSWER_MS = CONNECT_TIMEOUT_MS + 3000;

/** The throwaway cluster, started as scripts/pg-test-server.sh starts it (as the postgres user when root). */
const pgBin = () => execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1']).toString().trim();
function pgCtl(...args: string[]): void {
  const cmd = [`${pgBin()}/pg_ctl`, '-D', PG_DATA, ...args];
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...cmd]] : [cmd[0]!, cmd.slice(1)];
  execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
}
const START_OPTIONS = `-p ${PG_PORT} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
const startPg = () => pgCtl('-o', START_OPTIONS, '-l', `${PG_DATA}/server.log`, '-w', 'start');

type Kind = 'current-deal' | 'sync-cart' | 'search page' | 'confirmation page';
/** What each kind answers while the database is up: the confirmation page of an order that does not exist is a 404. */
const UP: Record<Kind, number> = { 'current-deal': 200, 'sync-cart': 200, 'search page': 200, 'confirmation page': 404 };
const KINDS = Object.keys(UP) as Kind[];
const isPage = (kind: Kind) => kind.endsWith(' page');
interface Answer {
  kind: Kind;
  at: number;
  ms: number;
  status: number;
  retryAfter: string | undefined;
  type: string;
  body: string;
}

const base = `http://sv.localhost:${PORT}`;
let cart = '';

/** One request of each kind: every one needs the database (the product search API is served from memory). */
async function round(): Promise<Answer[]> {
  const calls: [Kind, string, { method?: string; body?: string }][] = [
    ['current-deal', '/api/current-deal?locale=sv&sid=1', {}],
    ['sync-cart', '/api/sync-cart?locale=sv&sid=1', { method: 'POST', body: cart }],
    ['search page', '/sok?q=filter', {}],
    ['confirmation page', '/checkout/confirmation/no-such-order', {}],
  ];
  return Promise.all(
    calls.map(async ([kind, path, init]) => {
      const at = Date.now();
      try {
        const r = await request(base + path, init);
        const retryAfter = r.headers['retry-after'] as string | undefined;
        return { kind, at, ms: Date.now() - at, status: r.status, retryAfter, type: String(r.headers['content-type']), body: r.body };
      } catch (err) {
        return { kind, at, ms: Date.now() - at, status: 0, retryAfter: undefined, type: '', body: String(err) };
      }
    }),
  );
}

/** Steady load (a round every 100 ms, not waiting for answers) until stop() resolves with every answer. */
function load() {
  const pending: Promise<Answer[]>[] = [];
  let answered = 0;
  const timer = setInterval(() => pending.push(round().then((r) => ((answered += r.length), r))), 100);
  return {
    /** Answers received so far (a busy machine answers fewer a second). */
    answered: () => answered,
    async stop(): Promise<Answer[]> {
      clearInterval(timer);
      return (await Promise.all(pending)).flat();
    },
  };
}

/** What a 503 must look like: JSON service_unavailable for the API, the Swedish 503 page for the page. */
function expectUnavailable(a: Answer) {
  expect(a.status, `${a.kind}: ${a.body.slice(0, 200)}`).toBe(503);
  expect(a.retryAfter, a.kind).toMatch(/^\d+$/);
  if (isPage(a.kind)) {
    expect(a.type).toMatch(/^text\/html/);
    expect(a.body).toContain('lang="sv-SE"');
    expect(a.body).toContain('data-status="503"');
    expect(a.body).toContain(STRINGS.sv.errors.unavailable);
  } else {
    expect(a.type).toMatch(/^application\/json/);
    expect(JSON.parse(a.body).error.code).toBe('service_unavailable');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rounds until every kind answers as it does with the database up; resolves with how long that took. */
async function recovered(withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answers = await round();
    if (answers.every((a) => a.status === UP[a.kind])) return Date.now() - started;
    for (const a of answers) if (a.status !== UP[a.kind]) expectUnavailable(a); // still coming back: 503, nothing else
    if (Date.now() - started > withinMs) throw new Error(`not recovered after ${withinMs} ms: ${answers.map((a) => a.status)}`);
    await sleep(200);
  }
}

describe('PostgreSQL restarted under load', () => {
  let server: RunningServer | undefined;

  beforeAll(async () => {
    // a cluster left running by an interrupted run may listen elsewhere: start it afresh with the script's options
    if (fs.existsSync(`${PG_DATA}/postmaster.pid`)) pgCtl('-m', 'fast', 'stop');
    const url = execFileSync('bash', ['scripts/pg-test-server.sh'], {
      env: { ...process.env, PGPORT: PG_PORT, PGDATA_DIR: PG_DATA, PF_PG_DB: 'pf_fault_restart' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .toString()
      .trim();
    await resetDatabase(url, 60);
    const { db } = openDb(dbConfigFromEnv({ DATABASE_URL: url }));
    const skus = await db.selectFrom('products').select('sku').where('orderable', '=', 1).orderBy('id').limit(3).execute();
    await db.destroy();
    expect(skus).toHaveLength(3);
    cart = JSON.stringify({ items: skus.map((p, i) => ({ sku: p.sku, quantity: i + 1 })), coupons: [] });
    server = await startServer({
      port: PORT,
      databaseUrl: url,
      buildDir: TEST_BUILD_DIR,
      env: { PG_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) },
    });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (fs.existsSync(`${PG_DATA}/postmaster.pid`)) pgCtl('-m', 'fast', 'stop');
  }, 60_000);

  it('answers 503 while PostgreSQL is stopped and 200 again once it is started, without a server restart', async () => {
    for (const a of await round()) expect(a.status, `${a.kind} before the outage: ${a.body.slice(0, 200)}`).toBe(UP[a.kind]);

    const running = load();
    await sleep(1000);
    while (running.answered() <= 12) await sleep(100);
    const stoppedAt = Date.now();
    pgCtl('-m', 'fast', 'stop');
    await sleep(2500);
    const startedAt = Date.now();
    startPg();
    const backAt = Date.now();
    const answers = await running.stop();

    const before = answers.filter((a) => a.at + a.ms < stoppedAt);
    const during = answers.filter((a) => a.at > stoppedAt + 200 && a.at + a.ms < startedAt);
    expect(before.length).toBeGreaterThan(10);
    for (const a of before) expect(a.status, `${a.kind} before: ${a.body.slice(0, 200)}`).toBe(UP[a.kind]);
    // while it is down, each kind was asked many times and every answer was a prompt 503
    for (const kind of KINDS) expect(during.filter((a) => a.kind === kind).length, kind).toBeGreaterThan(5);
    for (const a of during) expectUnavailable(a);
    // across the whole run (stopping, down, starting): 200 or 503, never a 500, a dropped connection or a hang
    for (const a of answers) {
      expect([UP[a.kind], 503], `${a.kind} ${a.status}: ${a.body.slice(0, 200)}`).toContain(a.status);
      if (a.status === 503) expectUnavailable(a);
      expect(a.ms, a.kind).toBeLessThan(MAX_ANSWER_MS);
    }

    expect(await recovered(10_000)).toBeLessThan(10_000);
    expect(backAt).toBeGreaterThan(startedAt);
    const out = server!.output();
    expect(out.match(/Partsfront serving build/g)).toHaveLength(1); // the same process throughout
    expect(out).not.toMatch(/Internal server error|\bfailed:/);
    expect(out).toMatch(/database unavailable/);
  });

  it('rides out pg_ctl restart -m fast under load: 200 or 503, then 200 again', async () => {
    const running = load();
    await sleep(800);
    pgCtl('-m', 'fast', '-w', 'restart');
    await sleep(1500);
    const answers = await running.stop();
    expect(answers.length).toBeGreaterThan(30);
    for (const a of answers) {
      expect([UP[a.kind], 503], `${a.kind} ${a.status}: ${a.body.slice(0, 200)}`).toContain(a.status);
      if (a.status === 503) expectUnavailable(a);
      expect(a.ms, a.kind).toBeLessThan(MAX_ANSWER_MS);
    }
    await recovered(10_000);
    // the pool replaced the connections the restart cut: a burst of parallel rounds all succeed
    const burst = (await Promise.all(Array.from({ length: 8 }, round))).flat();
    for (const a of burst) expect(a.status, `${a.kind}: ${a.body.slice(0, 200)}`).toBe(UP[a.kind]);
    expect(server!.output().match(/Partsfront serving build/g)).toHaveLength(1);
  });

  it('is not ready while PostgreSQL is stopped (/readyz 503 naming the database) but still alive (/healthz 200)', async () => {
    const ready = await request(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.json()).toMatchObject({ ok: true, database: 'ok', files: 'ok' });
    pgCtl('-m', 'fast', 'stop');
    try {
      const down = await request(`${base}/readyz`);
      expect(down.status).toBe(503);
      expect(down.json()).toMatchObject({ ok: false, database: 'failed', files: 'ok', failed: ['database'] });
      expect((await request(`${base}/healthz`)).status).toBe(200);
    } finally {
      startPg();
    }
    const deadline = Date.now() + 10_000;
    let back = await request(`${base}/readyz`);
    while (back.status !== 200 && Date.now() < deadline) {
      await sleep(200);
      back = await request(`${base}/readyz`);
    }
    expect(back.status).toBe(200);
  });
});
