/**
 * What the cluster files share (docs/adr/0010-several-nodes-on-one-postgresql.md): a PostgreSQL database of their
 * own, a builds/ directory holding the prepared test build (hard links, so a file gets its own copy cheaply and a
 * build's server bundle is its own module set), servers started as nodes of one shop, and HTTP from a chosen
 * loopback source address (per-IP limits count that address on every node).
 * Run with TEST_DATABASE_URL=postgres://… (the files reset that database) after scripts/test-prepare.mjs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { openDb, type DbHandle } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { hasTestBuild, resetDatabase } from '#tests/support/prepare.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { TEST_BUILD_DIR, TEST_DIR } from '#tests/support/test-env.ts';
import type { TestResponse } from '#tests/support/http.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { checkoutViewSchema } from '#lib/api/checkout-contracts.ts';

export type { RunningServer, TestResponse };

/** The PostgreSQL database the cluster files use (and reset): TEST_DATABASE_URL. */
export function clusterDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error('the cluster tests need TEST_DATABASE_URL=postgres://… (bash scripts/pg-test-server.sh prints one)');
  if (!hasTestBuild()) throw new Error(`no test build in ${TEST_BUILD_DIR}: run node scripts/test-prepare.mjs first`);
  return url;
}

/** Drops and re-seeds the database as the API suite's global setup does (demo catalogue, customers, orders). */
export async function prepareClusterDatabase(url: string): Promise<void> {
  await resetDatabase(url);
}

export const openClusterDb = (url: string): DbHandle => openDb(dbConfigFromEnv({ DATABASE_URL: url }));

export interface BuildsDir {
  /** The directory every node gets as PARTSFRONT_BUILDS_DIR (shared storage in production). */
  dir: string;
  /** A copy of the test build as builds/<name> (hard links; `change` may replace files in it): its path. */
  addBuild(name: string, change?: (buildDir: string) => void): string;
  /** Points builds/current at builds/<name>. */
  setCurrent(name: string): void;
  remove(): void;
}

/** Replaces a file of a hard-linked build copy (never writes through the link into the test build) and drops its precompressed twins. */
export function replaceBuildFile(buildDir: string, relative: string, content: string): void {
  const file = path.join(buildDir, relative);
  for (const f of [file, `${file}.br`, `${file}.gz`]) fs.rmSync(f, { force: true });
  fs.writeFileSync(file, content);
}

/** A fresh builds/ directory under the test dir holding the test build as builds/<first> and current → it. */
export function sharedBuildsDir(label: string, first = '20260101T000000Z-1'): BuildsDir {
  const dir = path.join(TEST_DIR, `cluster-${label}-builds`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const builds: BuildsDir = {
    dir,
    addBuild(name, change) {
      const target = path.join(dir, name);
      const r = spawnSync('cp', ['-al', TEST_BUILD_DIR, target]);
      if (r.status !== 0) fs.cpSync(TEST_BUILD_DIR, target, { recursive: true }); // another filesystem: a real copy
      change?.(target);
      return target;
    },
    setCurrent(name) {
      const tmp = path.join(dir, `current.${process.pid}.tmp`);
      fs.rmSync(tmp, { force: true });
      fs.symlinkSync(name, tmp);
      fs.renameSync(tmp, path.join(dir, 'current'));
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
  builds.addBuild(first);
  builds.setCurrent(first);
  return builds;
}

/** One node: the real server entry on `port`, serving builds/current of the shared builds dir and following the recorded build. */
export function startNode(opts: {
  port: number;
  databaseUrl: string;
  buildsDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  return startServer({
    port: opts.port,
    databaseUrl: opts.databaseUrl,
    buildDir: '',
    env: { PARTSFRONT_BUILD_DIR: '', PARTSFRONT_BUILDS_DIR: opts.buildsDir, PARTSFRONT_BUILD_POLL_MS: '500', ...opts.env },
  });
}

/** A storefront URL on a node; API paths get the storefront's locale and sid. */
export function nodeUrl(port: number, pathname: string, locale: LocaleCode = 'sv'): string {
  const base = `http://${locale}.localhost:${port}${pathname}`;
  if (!pathname.startsWith('/api/')) return base;
  return `${base}${pathname.includes('?') ? '&' : '?'}locale=${locale}&sid=${LOCALES[locale].storeID}`;
}

let nextAddress = 0;
const addressBase = 1 + Math.floor(Math.random() * 250);
/** A loopback source address no other call of this process used (127.0.0.0/8 is all loopback on Linux). */
export function newAddress(): string {
  nextAddress++;
  return `127.${addressBase}.${(process.pid + Math.floor(nextAddress / 250)) % 256}.${1 + (nextAddress % 250)}`;
}

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  /** JSON body (content-type application/json). */
  json?: unknown;
  /** Form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** Source address (default: one fixed address of this process). */
  from?: string;
}

const processAddress = newAddress();

/** HTTP to 127.0.0.1 with the URL's host as Host header (Node cannot resolve *.localhost), from `from`. */
export function send(url: string, init: SendInit = {}): Promise<TestResponse> {
  const u = new URL(url);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.form ? new URLSearchParams(init.form).toString() : undefined;
  const type = init.json !== undefined ? 'application/json' : init.form ? 'application/x-www-form-urlencoded' : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        localAddress: init.from ?? processAddress,
        port: u.port,
        path: u.pathname + u.search,
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { host: u.host, ...(type ? { 'content-type': type } : {}), ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The Cookie header a browser would send after `r` (session cookies that were set and not cleared). */
export function cookiesFrom(r: TestResponse, names = ['pf_access', 'pf_refresh']): string {
  const raw = r.headers['set-cookie'] ?? [];
  const pairs: string[] = [];
  for (const line of Array.isArray(raw) ? raw : [raw]) {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const cleared = attrs.some((a) => /^max-age=0$/i.test(a)) || pair.slice(eq + 1) === '';
    if (names.includes(name) && !cleared) pairs.push(pair);
  }
  return pairs.join('; ');
}

/** Polls until `ok` or `ms` passed; answers the last value for the test to assert on. */
export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number, everyMs = 100): Promise<T> {
  for (const deadline = Date.now() + ms; ;) {
    const v = await what();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The served build's name as a node's /healthz reports it. */
export async function servedBuild(port: number): Promise<string> {
  return (await send(`http://sv.localhost:${port}/healthz`)).json<{ build: string }>().build;
}

/**
 * Places one order paid by the shop's own invoice on the node at `port`, as the checkout API suites do
 * (tests/api/checkout-api-fixtures.ts): open, customer, first shipping option (and service point), place.
 * Answers the place call's answer (order_number on success).
 */
export async function placeInvoiceOrder(port: number, sku: string, locale: LocaleCode = 'sv', from?: string): Promise<TestResponse> {
  const call = async (pathname: string, json: unknown) => {
    const r = await send(nodeUrl(port, pathname, locale), { json, from });
    if (r.status !== 200) throw new Error(`${pathname} answered ${r.status}: ${r.body}`);
    return r;
  };
  const opened = checkoutViewSchema.parse((await call('/api/checkout', { items: [{ sku, quantity: 1 }], coupons: [] })).json());
  const withCustomer = checkoutViewSchema.parse((await call(`/api/checkout/${opened.id}`, { customer: consumer(locale) })).json());
  const option = withCustomer.shipping_options[0];
  if (!option) throw new Error(`no shipping option: ${JSON.stringify(withCustomer.problems)}`);
  const v = checkoutViewSchema.parse(
    (await call(`/api/checkout/${opened.id}`, { shipping_option_id: option.id, payment_method: 'invoice' })).json(),
  );
  if (option.has_service_points) await call(`/api/checkout/${opened.id}`, { service_point_id: v.service_points[0]!.id });
  return send(nodeUrl(port, `/api/checkout/${opened.id}/place`, locale), { json: { terms_accepted: true }, from });
}
