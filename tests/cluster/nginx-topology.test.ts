/**
 * The production topology without Docker (docs/product/deployment.md#the-same-topology-without-docker): Debian
 * nginx, rendered by src/lib/deploy/nginx-config.ts as compose renders it, in front of two nodes on one
 * PostgreSQL. Everything is asked through nginx and asserted on what came back (or on the database): static
 * pages from the export with their CSP, no storefront for an unknown host, no forged X-Forwarded-For reaching
 * the nodes, an order placed through nginx visible on the other node, a price change on the page nginx serves,
 * no order lost when a node stops mid-stream, and no non-idempotent request sent twice.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#lib/market/locales.ts';
import { renderNginxSite } from '#lib/deploy/nginx-config.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { htmlCspFor } from '#server/http/html-csp.ts';
import { startLocalTopology, startNginx, type LocalTopology, type RunningNginx } from '#tests/support/local-topology.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import {
  clusterDatabaseUrl,
  newAddress,
  nodeUrl,
  openClusterDb,
  placeInvoiceOrder,
  prepareClusterDatabase,
  send,
  until,
  type TestResponse,
} from './cluster-support.ts';

const NGINX_PORT = 4540;
const NODE_PORTS = [4541, 4542] as const;
const [NODE_A, NODE_B] = NODE_PORTS;
/** A second nginx with the same config in front of two stand-ins that take a request and hang up. */
const DROP_NGINX_PORT = 4543;
const DROP_PORTS = [4544, 4545] as const;
const AUTH_LIMIT = 6;
const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

const dbUrl = clusterDatabaseUrl();
let h: DbHandle;
let topology: LocalTopology;
const via = (pathname: string) => nodeUrl(NGINX_PORT, pathname);

beforeAll(async () => {
  await prepareClusterDatabase(dbUrl);
  h = openClusterDb(dbUrl);
  topology = await startLocalTopology({
    label: 'nginx',
    databaseUrl: dbUrl,
    nginxPort: NGINX_PORT,
    nodePorts: NODE_PORTS,
    env: { AUTH_RATE_LIMIT: String(AUTH_LIMIT), PARTSFRONT_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN },
  });
});

afterAll(async () => {
  await topology?.stop();
  await h?.db.destroy();
});

/** A product of the sv storefront in stock, by position (different tests take different ones). */
async function svProduct(nth: number) {
  const row = await localizedProducts(h.db, 'sv')
    .select(['p.id', 'p.sku', 't.slug', 'pr.prices'])
    .where('p.stock_status', '=', 'in-stock')
    .where('p.orderable', '=', 1)
    .orderBy('p.id')
    .offset(nth)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { ...row, prices: JSON.parse(row.prices) as PriceObject, page: `/produkt/${row.slug}` };
}

const ownEtag = (r: TestResponse) => /^"[0-9a-f]+-[0-9a-f]+"$/.test(String(r.headers.etag)); // nginx's; a node's is W/"…"

describe('static pages and hosts', () => {
  it('a product page comes from the export (nginx ETag, no upstream in the log) with the CSP of its own inline scripts and the nodes headers', async () => {
    const { page } = await svProduct(0);
    const r = await send(via(page));
    expect(r.status).toBe(200);
    expect(ownEtag(r)).toBe(true);
    expect(r.headers['content-security-policy']).toBe(htmlCspFor(r.body));
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    const fromNode = await send(nodeUrl(NODE_A, page));
    expect(r.body).toBe(fromNode.body);
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'permissions-policy'])
      expect(r.headers[name], name).toBe(fromNode.headers[name]);
    expect(r.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // fetched ahead on hover: fresh for the click, as the nodes answer it (docs/adr/0028-client-navigation.md)
    const ahead = await send(via(page), { headers: { 'sec-purpose': 'prefetch' } });
    expect(ahead.headers['cache-control']).toBe(
      (await send(nodeUrl(NODE_A, page), { headers: { 'sec-purpose': 'prefetch' } })).headers['cache-control'],
    );
    expect(ahead.headers['cache-control']).toBe('public, max-age=10');
    // the same page with a trailing slash is the node's answer, with the same policy; its index.html is no address
    const slash = await send(via(`${page}/`));
    expect(slash.status).toBe(200);
    expect(slash.headers['content-security-policy']).toBe(htmlCspFor(slash.body));
    expect((await send(via(`${page}/index.html`))).status).toBe(404);
    expect((await send(via('/nginx-csp.map'))).status).toBe(404);
    const gz = await send(via(page), { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip'); // the precompressed twin
    const logged = topology.nginx
      .accessLog()
      .split('\n')
      .filter((l) => l.includes(`"GET ${page} HTTP/1.1" 200`));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const line of logged) expect(line).toContain('"-"'); // no upstream: served from disk
    // an on-demand page is the nodes' (proxied): their weak ETag or none, and an upstream in the log
    const checkout = await send(via(`/api/products?locale=sv&sid=${LOCALES.sv.storeID}&query=filter`));
    expect(checkout.status).toBe(200);
    expect(ownEtag(checkout)).toBe(false);
  });

  it('an unknown host gets 421 and nothing of any storefront; a storefront never serves another storefront page', async () => {
    const { page } = await svProduct(0);
    for (const host of ['evil.example', `evil.example:${NGINX_PORT}`, `127.0.0.1:${NGINX_PORT}`]) {
      const r = await send(`http://${host}${page}`.replace(host, `127.0.0.1:${NGINX_PORT}`), { headers: { host } });
      expect(r.status, host).toBe(421);
      expect(r.json().error.code).toBe('misdirected_request');
      expect(r.body).not.toContain('<html');
    }
    const noSlug = (
      await h.db
        .selectFrom('product_translations')
        .select('slug')
        .where('locale', '=', 'no')
        .where('slug', 'not in', h.db.selectFrom('product_translations').select('slug').where('locale', '=', 'sv'))
        .limit(1)
        .executeTakeFirstOrThrow()
    ).slug;
    expect((await send(nodeUrl(NGINX_PORT, `/produkt/${noSlug}`, 'no'))).status).toBe(200);
    const crossed = await send(via(`/produkt/${noSlug}`));
    expect(crossed.status).toBe(404);
  });

  it('a forged X-Forwarded-For never reaches the nodes: failed logins from one address hit the limit whatever the header says', async () => {
    const from = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) {
      const r = await send(via('/api/auth/login'), {
        json: { email: `nobody-${i}-${process.pid}@partsfront.test`, password: 'wrong' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        from,
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429, 429]);
    // another real address is not limited
    const other = await send(via('/api/auth/login'), {
      json: { email: `other-${process.pid}@partsfront.test`, password: 'x' },
      from: newAddress(),
    });
    expect(other.status).toBe(401);
  });
});

describe('one shop behind nginx', () => {
  it('an order placed through nginx is on node B (operator step answered by B) and in the database', async () => {
    const { sku } = await svProduct(3);
    const placed = await placeInvoiceOrder(NGINX_PORT, sku);
    expect(placed.status, placed.body).toBe(200);
    const number = placed.json<{ order_number: string }>().order_number;
    expect(number).toMatch(/^\d+$/);
    const picked = await send(nodeUrl(NODE_B, `/api/operator/orders/${number}/pick`), { json: {}, headers: operator });
    expect(picked.status, picked.body).toBe(200);
    expect(picked.json().order).toMatchObject({ number, status: 'picked' });
    expect(await h.db.selectFrom('orders').select('status').where('id', '=', number).executeTakeFirst()).toEqual({ status: 'picked' });
  });

  it('a price changed on node B is on the page nginx serves within 10 s, with the CSP of the new page', async () => {
    const product = await svProduct(5);
    const newPrice = product.prices.n[0]!.p + 77;
    const r = await send(nodeUrl(NODE_B, `/api/operator/products/${encodeURIComponent(product.sku)}`), {
      method: 'PATCH',
      json: { prices: { n: [{ q: 1, p: newPrice }] }, changed_by: 'nginx topology test' },
      headers: operator,
    });
    expect(r.status, r.body).toBe(200);
    const shows = (page: TestResponse) => page.body.includes(`data-testid="price" data-amount="${newPrice}"`);
    const page = await until(() => send(via(product.page)), shows, 10_000, 200);
    expect(shows(page)).toBe(true);
    expect(ownEtag(page)).toBe(true); // still nginx's file
    expect(page.headers['content-security-policy']).toBe(htmlCspFor(page.body));
  });
});

describe('retries', () => {
  it('no POST is sent twice: a node that takes a request and hangs up gets a GET retried on the other, a POST answered 502', async () => {
    const seen: { method: string; port: number; headers: http.IncomingHttpHeaders }[] = [];
    const droppers = DROP_PORTS.map((port) =>
      http.createServer((req) => {
        seen.push({ method: req.method ?? '', port, headers: req.headers });
        req.resume();
        req.on('end', () => req.socket.destroy()); // read the whole request, answer nothing
      }),
    );
    await Promise.all(droppers.map((s, i) => new Promise<void>((r) => s.listen(DROP_PORTS[i], '127.0.0.1', r))));
    let nginx: RunningNginx | undefined;
    try {
      nginx = await startNginx({
        port: DROP_NGINX_PORT,
        label: 'drop',
        site: renderNginxSite({
          listen: `127.0.0.1:${DROP_NGINX_PORT}`,
          upstreams: DROP_PORTS.map((p) => `127.0.0.1:${p}`),
          domains: Object.fromEntries(Object.entries(LOCALES).map(([c]) => [c, `${c}.localhost`])) as never,
          exportDir: topology.exportDir,
          https: false,
          maxFails: 0, // every request tries both: the counts show retries, not a node marked down
        }),
      });
      const from = newAddress();
      const url = (p: string) => nodeUrl(DROP_NGINX_PORT, p);
      const post = await send(url('/api/checkout'), {
        json: { items: [], coupons: [] },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        from,
      });
      expect(post.status).toBe(502);
      expect(seen.map((s) => s.method)).toEqual(['POST']);
      const patch = await send(url('/api/operator/products/X'), { method: 'PATCH', json: {}, from });
      expect(patch.status).toBe(502);
      expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH']);
      const get = await send(url('/api/products?query=x'), { from });
      expect(get.status).toBe(502);
      expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH', 'GET', 'GET']);
      expect(new Set(seen.slice(2).map((s) => s.port))).toEqual(new Set(DROP_PORTS)); // both nodes tried
      // what a node is told: the real client address only, the Host unchanged, a request id
      expect(seen[0]!.headers).toMatchObject({
        'x-forwarded-for': from,
        host: `sv.localhost:${DROP_NGINX_PORT}`,
        'x-forwarded-proto': 'http',
      });
      expect(seen[0]!.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await nginx?.stop();
      await Promise.all(droppers.map((s) => new Promise((r) => s.close(r))));
    }
  });
});

describe('a node stops', () => {
  it('node A stopped (SIGTERM) during a stream of checkouts through nginx: every completion succeeded or failed visibly, every success is in the database, none twice', async () => {
    const { sku } = await svProduct(7);
    // the orders before the stream (the earlier tests placed some, possibly within the same second)
    const before = new Set((await h.db.selectFrom('orders').select('id').execute()).map((r) => r.id));
    const outcomes: { ok: boolean; number?: string; status?: number; error?: string }[] = [];
    const TOTAL = 10;
    let next = 0;
    const a = topology.nodes[0]!;
    let stopped = false;
    const worker = async () => {
      while (next < TOTAL) {
        next++;
        try {
          const r = await placeInvoiceOrder(NGINX_PORT, sku, 'sv', newAddress());
          outcomes.push(
            r.status === 200 ? { ok: true, number: r.json<{ order_number: string }>().order_number } : { ok: false, status: r.status },
          );
        } catch (err) {
          outcomes.push({ ok: false, error: String(err) }); // a step answered an error: visible to the shopper
        }
        if (outcomes.length === 3 && !stopped) {
          // SIGTERM: A stops listening at once and finishes what it has (its exit may wait for nginx's idle
          // keep-alive connections, up to nginx's upstream keepalive_timeout: not what this test is about)
          stopped = true;
          process.kill(a.pid, 'SIGTERM');
        }
      }
    };
    try {
      await Promise.all([worker(), worker()]);
    } finally {
      if (!stopped) process.kill(a.pid, 'SIGTERM');
    }
    // A no longer takes connections
    await expect(send(nodeUrl(NODE_A, '/healthz'))).rejects.toThrow(/ECONNREFUSED/);
    const succeeded = outcomes.filter((o) => o.ok).map((o) => o.number!);
    expect(outcomes).toHaveLength(TOTAL);
    // after A is gone nginx sends everything to B: the stream goes on
    expect(succeeded.length, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(TOTAL - 2);
    const rows = (await h.db.selectFrom('orders').select(['id', 'checkout_id']).execute()).filter((r) => !before.has(r.id));
    expect(rows.map((r) => r.id).sort(), JSON.stringify(outcomes)).toEqual([...succeeded].sort());
    expect(new Set(rows.map((r) => r.checkout_id)).size).toBe(rows.length);
    // A is out of the upstream: nginx answers from B alone
    expect((await send(via('/healthz'))).status).toBe(200);
    // A exits once nginx lets go of its idle connections (afterAll stops nginx first)
  });
});
