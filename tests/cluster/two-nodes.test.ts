/**
 * Two nodes, one PostgreSQL (docs/adr/0010-several-nodes-on-one-postgresql.md): two server processes on one
 * database and one shared builds/ directory behave as one shop — rate limits count on both, a session started
 * on one works and ends on the other, the search index follows the catalogue on both, a recorded rebuild
 * reaches both (and renews the layout data they cached), and concurrent orders on both get distinct numbers.
 * Everything is asserted on what the servers answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '#sandbox/server.ts';
import { recordServedBuild } from '#builds/served-build.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { COUPON_TTL_MS } from '#server/coupons/coupon-repository.ts';
import type { DbHandle } from '#server/db/connection.ts';
import {
  clusterDatabaseUrl,
  cookiesFrom,
  newAddress,
  nodeUrl,
  openClusterDb,
  placeInvoiceOrder,
  prepareClusterDatabase,
  replaceBuildFile,
  send,
  servedBuild,
  sharedBuildsDir,
  startNode,
  until,
  type BuildsDir,
  type RunningServer,
  type TestResponse,
} from './cluster-support.ts';

const PORTS = [4531, 4532] as const;
const SANDBOX_PORT = 4533;
/** Small limits so the totals are quick to reach; each node gets the same configuration. */
const LIMITS = { AUTH_RATE_LIMIT: '6', AUTH_ACCOUNT_RATE_LIMIT: '4', TRACK_ORDER_RATE_LIMIT: '5' };
/** How often the nodes look for a recorded build (ms); the switch must arrive within a few of these. */
const POLL_MS = 500;
const FIRST = '20260101T000000Z-1';
const SECOND = '20260102T000000Z-2';
const RUN = `${process.pid}-${Date.now()}`;

const dbUrl = clusterDatabaseUrl();
let h: DbHandle;
let builds: BuildsDir;
let sandbox: RunningSandbox;
const nodes: RunningServer[] = [];
/** The node of the i-th request when requests alternate. */
const port = (i: number) => PORTS[i % 2]!;

beforeAll(async () => {
  await prepareClusterDatabase(dbUrl);
  h = openClusterDb(dbUrl);
  builds = sharedBuildsDir('two-nodes', FIRST);
  sandbox = await startSandbox({ port: SANDBOX_PORT });
  nodes.push(
    ...(await Promise.all(
      PORTS.map((p) =>
        startNode({
          port: p,
          databaseUrl: dbUrl,
          buildsDir: builds.dir,
          env: { ...LIMITS, PARTSFRONT_SANDBOX_URL: sandbox.url, PARTSFRONT_BUILD_POLL_MS: String(POLL_MS) },
        }),
      ),
    )),
  );
});

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await sandbox?.close();
  await h?.db.destroy();
  builds?.remove();
});

const login = (p: number, email: string, password: string, from: string) =>
  send(nodeUrl(p, '/api/auth/login'), { json: { email, password }, from });

describe('rate limits count on both nodes together', () => {
  it('failed logins from one address, alternating nodes: AUTH_RATE_LIMIT answers 401 in total, then 429 with Retry-After from either node', async () => {
    const from = newAddress();
    const answers: TestResponse[] = [];
    // a new unknown e-mail each time: only the per-address limit applies
    for (let i = 0; i < 8; i++) answers.push(await login(port(i), `nobody-${i}-${RUN}@partsfront.test`, 'wrong', from));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    for (const refused of answers.slice(6)) {
      expect(refused.json().error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // another address is not affected, on either node
    for (const p of PORTS) expect((await login(p, `nobody-other-${RUN}@partsfront.test`, 'wrong', newAddress())).status).toBe(401);
  });

  it('failed logins of one account from changing addresses, alternating nodes: AUTH_ACCOUNT_RATE_LIMIT in total, then the right password waits on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(port(i), DEMO_CUSTOMER.email, `guess-${i}`, newAddress())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    for (const p of PORTS) {
      const right = await login(p, DEMO_CUSTOMER.email.toUpperCase(), DEMO_CUSTOMER.password, newAddress());
      expect(right.status).toBe(429);
      expect(right.json().error.code).toBe('rate_limited');
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(60); // the account window is 15 minutes
    }
    // done with this account's lock-out: the next tests sign in with it
    await h.db.deleteFrom('rate_limits').where('bucket', '=', 'auth-account').execute();
  });

  it('track-order lookups from one address, alternating nodes: TRACK_ORDER_RATE_LIMIT in total, then 429 on both', async () => {
    const from = newAddress();
    const lookup = (i: number) =>
      send(nodeUrl(port(i), '/track-order'), { form: { number: '1001008', contact: 'wrong@example.se' }, from });
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await lookup(i);
      outcomes.push(`${r.status} ${/data-outcome="(\w+)"/.exec(r.body)?.[1]}`);
      if (r.status === 429) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(outcomes).toEqual([...Array<string>(5).fill('200 not_found'), '429 rate_limited', '429 rate_limited']);
  });
});

describe('login state lives in the database', () => {
  it('a session started on node A works on node B, and a logout on B ends it on A', async () => {
    const [a, b] = PORTS;
    const from = newAddress();
    const started = await login(a, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, from);
    expect(started.status, started.body).toBe(200);
    const { access_token, refresh_token } = started.json<{ access_token: string; refresh_token: string }>();
    const cookie = cookiesFrom(started);
    expect(cookie).toMatch(/pf_access=.+; pf_refresh=.+|pf_refresh=.+; pf_access=.+/);

    // B verifies A's access token on its own (no refresh cookie to fall back on): one signing key for both
    const profile = await send(nodeUrl(b, '/api/auth/profile'), { headers: { authorization: `Bearer ${access_token}` }, from });
    expect(profile.status, profile.body).toBe(200);
    expect(profile.json().user).toMatchObject({ id: DEMO_CUSTOMER.id, email: DEMO_CUSTOMER.email, name: DEMO_CUSTOMER.name });
    // the account page on B, with the browser's cookies from A
    const page = await send(nodeUrl(b, '/my-account'), { headers: { cookie }, from });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toMatch(new RegExp(`data-testid="account-greeting">[^<]*${DEMO_CUSTOMER.name}`));

    const out = await send(nodeUrl(b, '/api/auth/logout'), { method: 'POST', headers: { cookie }, from });
    expect(out.status).toBe(200);
    expect(out.json()).toEqual({ status: 'logged_out' });

    // A refuses the session's refresh token and its access token from now on
    const refresh = await send(nodeUrl(a, '/api/auth/refresh'), { json: { refresh_token }, from });
    expect(refresh.status).toBe(401);
    expect(refresh.json().error.code).toBe('invalid_token');
    const after = await send(nodeUrl(a, '/api/auth/profile'), { headers: { authorization: `Bearer ${access_token}` }, from });
    expect(after.status).toBe(401);
  });
});

describe('caches that must agree', () => {
  it('the search index follows a catalogue change on both nodes (catalogue version checked every 5 s per node)', async () => {
    const word = `Kvastfenix${process.pid % 1000}`;
    const search = async (p: number) => {
      const r = await send(nodeUrl(p, `/api/products?query=${encodeURIComponent(word)}`));
      expect(r.status).toBe(200);
      return r.json<{ products: { sku: string }[] }>().products.map((x) => x.sku);
    };
    // both nodes have built their index and found nothing
    for (const p of PORTS) expect(await search(p)).toEqual([]);
    const product = await localizedProducts(h.db, 'sv')
      .select(['p.id', 'p.sku', 't.name'])
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // an import in miniature: a renamed product, and every product stamped (the catalogue version)
    await h.db
      .updateTable('product_translations')
      .set({ name: `${product.name} ${word}` })
      .where('product_id', '=', product.id)
      .where('locale', '=', 'sv')
      .execute();
    await h.db.updateTable('products').set({ updated_at: new Date().toISOString() }).execute();
    const found = await Promise.all(
      PORTS.map((p) =>
        until(
          () => search(p),
          (skus) => skus.includes(product.sku),
          20_000,
          250,
        ),
      ),
    );
    expect(found).toEqual([[product.sku], [product.sku]]);
  });
});

describe('coupon rules cached per node', () => {
  it(`a coupon deactivated in the database stops applying on both nodes within COUPON_TTL_MS (${COUPON_TTL_MS / 1000} s), and they agree from then on`, async () => {
    const { sku } = await localizedProducts(h.db, 'sv').select(['p.sku']).orderBy('p.id').limit(1).executeTakeFirstOrThrow();
    // ignoreCache skips the 5-minute answer cache; the coupon rules (COUPON_TTL_MS) stay cached per node
    const applied = async (p: number) => {
      const r = await send(nodeUrl(p, '/api/sync-coupons'), {
        json: { coupons: ['SAVE10'], cart_contents: [{ sku, quantity: 1 }], ignoreCache: true },
      });
      expect(r.status, r.body).toBe(200);
      return r.json<{ code: string; applied: boolean }[]>().find((c) => c.code === 'SAVE10')!.applied;
    };
    for (const p of PORTS) expect(await applied(p)).toBe(true);
    const deactivated = Date.now();
    await h.db.updateTable('coupons').set({ active: 0 }).where('code', '=', 'SAVE10').where('locale', '=', 'sv').execute();
    const settled = await Promise.all(
      PORTS.map((p) =>
        until(
          () => applied(p),
          (a) => !a,
          COUPON_TTL_MS + 5_000,
          500,
        ),
      ),
    );
    expect(settled).toEqual([false, false]);
    expect(Date.now() - deactivated).toBeLessThan(COUPON_TTL_MS + 5_000);
    for (const p of PORTS) expect(await applied(p)).toBe(false);
  });
});

describe('a recorded rebuild reaches every node', () => {
  const footerTitle = (r: TestResponse) => /href="[^"]*om-oss[^"]*"[^>]*>([^<]*)</.exec(r.body)?.[1]?.trim();

  it(`both switch within a few polls (PARTSFRONT_BUILD_POLL_MS=${POLL_MS}), serve the new files and renew the layout data they cached`, async () => {
    for (const p of PORTS) expect(await servedBuild(p)).toBe(FIRST);
    // an on-demand page renders the footer from layout data cached per build
    for (const p of PORTS) expect(footerTitle(await send(nodeUrl(p, '/track-order')))).toBe('Om oss');
    const marker = `# build ${SECOND}`;
    await h.db
      .updateTable('content_pages')
      .set({ title: 'Om oss i nytt bygge' })
      .where('locale', '=', 'sv')
      .where('slug', '=', 'om-oss')
      .execute();
    for (const p of PORTS) expect(footerTitle(await send(nodeUrl(p, '/track-order')))).toBe('Om oss'); // cached until the switch

    // what a rebuild does once its directory is complete: builds/current, then the database record
    builds.addBuild(SECOND, (dir) => replaceBuildFile(dir, 'client/sv/robots.txt', `User-agent: *\nDisallow: /my-account\n${marker}\n`));
    builds.setCurrent(SECOND);
    const recordedAt = Date.now();
    await recordServedBuild(h.db, SECOND);
    const served = await Promise.all(
      PORTS.map((p) =>
        until(
          () => servedBuild(p),
          (b) => b === SECOND,
          10 * POLL_MS,
          50,
        ),
      ),
    );
    const took = Date.now() - recordedAt;
    expect(served).toEqual([SECOND, SECOND]);
    expect(took).toBeLessThan(10 * POLL_MS);
    for (const p of PORTS) {
      const robots = await send(`http://sv.localhost:${p}/robots.txt`);
      expect(robots.status).toBe(200);
      expect(robots.body).toContain(marker);
      expect(footerTitle(await send(nodeUrl(p, '/track-order')))).toBe('Om oss i nytt bygge');
    }
  });

  it('a recorded build missing from a node’s builds/ leaves it serving its build, logged once', async () => {
    const missing = '20260103T000000Z-3';
    await recordServedBuild(h.db, missing);
    await new Promise((r) => setTimeout(r, 4 * POLL_MS));
    for (const [i, p] of PORTS.entries()) {
      expect(await servedBuild(p)).toBe(SECOND);
      expect((await send(`http://sv.localhost:${p}/`)).status).toBe(200);
      expect(nodes[i]!.output().split(`build ${missing}`).length - 1).toBe(1);
    }
    // once it arrives (synced late), the nodes switch to it
    builds.addBuild(missing);
    expect(
      await Promise.all(
        PORTS.map((p) =>
          until(
            () => servedBuild(p),
            (b) => b === missing,
            10 * POLL_MS,
            50,
          ),
        ),
      ),
    ).toEqual([missing, missing]);
  });
});

describe('order numbers', () => {
  it('orders placed at once on both nodes get distinct numbers from the one database counter', async () => {
    const skus = (
      await localizedProducts(h.db, 'sv')
        .select(['p.sku'])
        .where('p.orderable', '=', 1)
        .where('p.stock_status', '=', 'in-stock')
        .where('p.stock_quantity', '>=', 5)
        .orderBy('p.id', 'desc')
        .limit(12)
        .execute()
    ).map((r) => r.sku);
    expect(skus).toHaveLength(12);
    const placed = await Promise.all(skus.map((sku, i) => placeInvoiceOrder(port(i), sku)));
    for (const r of placed) expect(r.status, r.body).toBe(200);
    const numbers = placed.map((r) => r.json<{ order_number: string | null }>().order_number);
    expect(numbers.every((n) => typeof n === 'string' && /^\d{7}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(12);
    // each is an order of the database, on the product that was bought
    const rows = await h.db
      .selectFrom('orders')
      .select(['id'])
      .where('id', 'in', numbers as string[])
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...(numbers as string[])].sort());
  });
});
