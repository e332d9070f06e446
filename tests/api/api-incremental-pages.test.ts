/**
 * Incremental pages (docs/adr/0017-incremental-pages.md): an operator's price or stock change re-renders, within
 * seconds, the product's prerendered pages and every page showing the product — and nothing else; a page whose
 * re-render fails stays as it was. A server of its own serves a hard-linked copy of the test build (re-rendered
 * files are renamed over the links, never written through them) on the suite's database, with the build's public
 * port so that re-rendered pages carry the same links as the prerendered ones.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { LOCALES } from '#lib/market/locales.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { readPageTagIndex } from '#builds/page-tag-index.ts';
import { request } from '#tests/support/http.ts';
import { waitFor as waitUntil } from '#tests/support/wait-for.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { API_PORT, E2E_PORT, TEST_BUILD_DIR, TEST_DIR, TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { openTestDb } from './api-support.ts';
import { currentProduct } from '#lib/catalogue/part-number-lookup.ts';
import { supersessionMap } from '#server/catalogue/appliance-models.ts';

const PORT = API_PORT + 7;
const BUILD = path.join(TEST_DIR, 'incremental-build');
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'content-type': 'application/json' };
const patch = (sku: string, body: unknown, locale: 'sv' | 'no' | 'da' = 'sv', headers: Record<string, string> = AUTH) =>
  request(
    `http://${locale}.localhost:${PORT}/api/operator/products/${encodeURIComponent(sku)}?locale=${locale}&sid=${LOCALES[locale].storeID}`,
    {
      method: 'PATCH',
      body: JSON.stringify(body),
      headers,
    },
  );
const file = (internalPath: string) => path.join(BUILD, 'client', ...internalPath.split('/').filter(Boolean), 'index.html');
const original = (internalPath: string) => path.join(TEST_BUILD_DIR, 'client', ...internalPath.split('/').filter(Boolean), 'index.html');

let h: DbHandle;
let server: RunningServer;
let savedPage: { title: string; body_html: string };
let originalIndex: Buffer;

interface Subject {
  id: number;
  sku: string;
  slugs: Record<string, string>;
  prices: PriceObject;
  stock_status: string;
  orderable: number;
  /** Other pages of the sv storefront showing the product (accessory or bundle line). */
  showing: string[];
}
let subject: Subject;

const waitFor = <T>(what: string, read: () => Promise<T | undefined>, ms = 10_000) => waitUntil(what, read, ms, () => server.output());

const pricePattern = (amount: number) => new RegExp(`data-testid="price" data-amount="${amount}"`);

beforeAll(async () => {
  h = openTestDb();
  savedPage = await h.db
    .selectFrom('content_pages')
    .select(['title', 'body_html'])
    .where('locale', '=', 'sv')
    .where('slug', '=', 'om-oss')
    .executeTakeFirstOrThrow();
  fs.rmSync(BUILD, { recursive: true, force: true });
  originalIndex = fs.readFileSync(path.join(TEST_BUILD_DIR, 'page-tags.ndjson'));
  if (spawnSync('cp', ['-al', TEST_BUILD_DIR, BUILD]).status !== 0) fs.cpSync(TEST_BUILD_DIR, BUILD, { recursive: true });
  // a product shown on other sv product pages too, from the build's own index
  const index = await readPageTagIndex(BUILD);
  let pick: { id: number; showing: string[] } | undefined;
  for (let id = 1; id < 300 && !pick; id++) {
    const pages = index.pagesFor([`product:${id}`], ['sv']);
    const others = pages.filter((p) => !new RegExp(`-${id}$`).test(p));
    if (others.length >= 2) pick = { id, showing: others };
  }
  if (!pick) throw new Error('no product of the test catalogue is shown on other product pages');
  const row = await h.db
    .selectFrom('products as p')
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
    .where('p.id', '=', pick.id)
    .select(['p.sku', 'p.stock_status', 'p.orderable', 'pr.prices'])
    .executeTakeFirstOrThrow();
  const slugs = await h.db.selectFrom('product_translations').where('product_id', '=', pick.id).select(['locale', 'slug']).execute();
  subject = {
    id: pick.id,
    sku: row.sku,
    slugs: Object.fromEntries(slugs.map((s) => [s.locale, s.slug])),
    prices: JSON.parse(row.prices) as PriceObject,
    stock_status: row.stock_status,
    orderable: row.orderable,
    showing: pick.showing,
  };
  server = await startServer({
    port: PORT,
    databaseUrl: inject('databaseUrl'),
    buildDir: BUILD,
    env: {
      PARTSFRONT_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      PARTSFRONT_CHANGE_POLL_MS: '150',
      PARTSFRONT_PUBLIC_PORT: String(E2E_PORT),
    },
  });
});

afterAll(async () => {
  // the suite's database as it was: the product's price row and stock
  await h.db
    .updateTable('product_prices')
    .set({ prices: JSON.stringify(subject.prices) })
    .where('product_id', '=', subject.id)
    .where('locale', '=', 'sv')
    .execute();
  await h.db
    .updateTable('products')
    .set({ stock_status: subject.stock_status, orderable: subject.orderable })
    .where('id', '=', subject.id)
    .execute();
  await h.db.updateTable('content_pages').set(savedPage).where('locale', '=', 'sv').where('slug', '=', 'om-oss').execute();
  await h.db.deleteFrom('content_drafts').execute();
  await h.db.deleteFrom('content_publish_log').execute();
  await server?.stop();
  await h.db.destroy();
  if (!process.env.PF_KEEP_BUILD) fs.rmSync(BUILD, { recursive: true, force: true });
});

describe('operator product updates', () => {
  it('refuses a call without the operator token (401), bad input (400) and an unknown sku (404)', async () => {
    const changes = async () => (await h.db.selectFrom('catalogue_changes').select('seq').execute()).length;
    const before = await changes();
    for (const headers of [{ 'content-type': 'application/json' }, { ...AUTH, authorization: 'Bearer wrong' }]) {
      const r = await patch(subject.sku, { stock_status: 'in-stock', changed_by: 'eve' }, 'sv', headers);
      expect(r.status).toBe(401);
      expect(apiErrorSchema.parse(r.json()).error.code).toBe('unauthorized');
    }
    for (const body of [
      { changed_by: 'eve' },
      { prices: { n: [] }, changed_by: 'eve' },
      { prices: { n: [{ q: 1, p: -5 }] }, changed_by: 'eve' },
      { stock_status: 'plenty', changed_by: 'eve' },
      { stock_quantity: 2.5, changed_by: 'eve' },
      { stock_status: 'in-stock' },
      { stock_status: 'in-stock', changed_by: 'eve', price: 1 },
    ]) {
      const r = await patch(subject.sku, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(r.json()).error.code).toBe('invalid_request');
    }
    const unknown = await patch('NO-SUCH-SKU', { stock_status: 'in-stock', changed_by: 'eve' });
    expect(unknown.status).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).error.code).toBe('not_found');
    const mismatch = await request(`http://sv.localhost:${PORT}/api/operator/products/${subject.sku}?locale=sv&sid=2`, {
      method: 'PATCH',
      body: JSON.stringify({ stock_status: 'in-stock', changed_by: 'eve' }),
      headers: AUTH,
    });
    expect(mismatch.status).toBe(400);
    expect(apiErrorSchema.parse(mismatch.json()).error.code).toBe('bad_locale');
    expect(await changes()).toBe(before); // nothing refused was recorded
  });
});

describe('a price change re-renders the pages showing the product, and only those', () => {
  it('shows the new price on the product page and on the pages showing it within seconds; other pages and storefronts untouched', async () => {
    const own = `/sv/product/${subject.slugs.sv}`;
    const neighbour = fs
      .readdirSync(path.join(BUILD, 'client', 'sv', 'product'))
      .map((slug) => `/sv/product/${slug}`)
      .find((p) => p !== own && !subject.showing.includes(p))!;
    const untouched = [neighbour, `/no/product/${subject.slugs.no}`].map((p) => ({
      p,
      stat: fs.statSync(file(p)),
      bytes: fs.readFileSync(file(p)),
    }));
    const before = await request(`http://sv.localhost:${PORT}/produkt/${subject.slugs.sv}`);
    const newPrice = subject.prices.n[0]!.p + 111;

    const started = Date.now();
    const r = await patch(subject.sku, { prices: { n: [{ q: 1, p: newPrice }] }, changed_by: 'Eva Editor' });
    expect(r.status).toBe(200);
    const answer = r.json<{ product: { prices: PriceObject; sku: string }; change: { seq: number; tags: string[]; locales: string[] } }>();
    expect(answer.product).toMatchObject({ sku: subject.sku, prices: { n: [{ q: 1, p: newPrice }] } });
    expect(answer.change).toMatchObject({ tags: [`product:${subject.id}`], locales: ['sv'] });
    const row = await h.db.selectFrom('catalogue_changes').selectAll().where('seq', '=', answer.change.seq).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tags: `product:${subject.id}`, locales: 'sv', reason: 'price', changed_by: 'Eva Editor' });

    // the public page, through the storefront's own path, with the new price in its markup and JSON-LD
    const page = await waitFor('the product page to show the new price', async () => {
      const res = await request(`http://sv.localhost:${PORT}/produkt/${subject.slugs.sv}`, { headers: { 'accept-encoding': 'br' } });
      const html = (await request(`http://sv.localhost:${PORT}/produkt/${subject.slugs.sv}`)).body;
      return pricePattern(newPrice).test(html) ? { res, html } : undefined;
    });
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(10);
    expect(page.html).toContain(`"price":"${newPrice}.00"`);
    expect(page.res.headers['content-encoding']).toBe('br'); // the precompressed twin follows the page
    expect(page.res.headers.etag).not.toBe(before.headers.etag);
    // the page's CSP still allows exactly its own inline scripts
    expect(page.res.headers['content-security-policy']).toBe(before.headers['content-security-policy']);

    // the product's accessory card or bundle line on every page showing it carries the new price in its cart data
    const card = `&quot;sku&quot;:&quot;${subject.sku}&quot;,&quot;name&quot;`;
    const fresh = `&quot;n&quot;:[{&quot;q&quot;:1,&quot;p&quot;:${newPrice}}]`;
    for (const other of subject.showing) {
      await waitFor(`${other} to show the new price`, async () =>
        fs.readFileSync(file(other), 'utf8').includes(fresh) ? true : undefined,
      );
      expect(fs.readFileSync(file(other), 'utf8').includes(card), other).toBe(true);
    }
    expect((Date.now() - started) / 1000).toBeLessThan(10);
    for (const u of untouched) {
      expect(fs.statSync(file(u.p)).mtimeMs, u.p).toBe(u.stat.mtimeMs);
      expect(fs.readFileSync(file(u.p)).equals(u.bytes), u.p).toBe(true);
    }
    // the test build itself (hard-linked) is never written through: neither its pages nor its tag index
    expect(fs.readFileSync(original(own), 'utf8')).toMatch(pricePattern(subject.prices.n[0]!.p));
    expect(fs.readFileSync(path.join(TEST_BUILD_DIR, 'page-tags.ndjson')).equals(originalIndex)).toBe(true);
  });

  it('a re-render of unchanged data writes the same HTML as the build did', async () => {
    const r = await patch(subject.sku, { prices: subject.prices, changed_by: 'Eva Editor' });
    expect(r.status).toBe(200);
    const own = `/sv/product/${subject.slugs.sv}`;
    await waitFor('the page to be re-rendered with the original price', async () =>
      fs.readFileSync(file(own)).equals(fs.readFileSync(original(own))) ? true : undefined,
    );
    for (const other of subject.showing)
      await waitFor(`${other} re-rendered`, async () =>
        fs.readFileSync(file(other)).equals(fs.readFileSync(original(other))) ? true : undefined,
      );
  });

  it('a stock change re-renders the product page in every storefront', async () => {
    const status = subject.stock_status === 'out-of-stock' ? 'in-stock' : 'out-of-stock';
    const r = await patch(subject.sku, { stock_status: status, changed_by: 'Lars Lager' });
    expect(r.status).toBe(200);
    expect(r.json<{ change: { locales: string[] } }>().change.locales).toEqual([]);
    for (const locale of ['sv', 'no', 'da', 'fi', 'nl'] as const) {
      const p = `/${locale}/product/${subject.slugs[locale]}`;
      await waitFor(`${p} to show ${status}`, async () =>
        fs.readFileSync(file(p), 'utf8').includes(`data-status="${status}"`) ? true : undefined,
      );
    }
    // the listing index follows too: the storefront's filtered listing of the product's category sees the new stock
    const category = subject.showing.find((p) => p.startsWith('/sv/category/'));
    if (category) {
      const filtered = await request(
        `http://sv.localhost:${PORT}/kategori/${category.slice('/sv/category/'.length)}?stock=${status}&partial=1`,
      );
      expect(filtered.status).toBe(200);
      expect(filtered.body).toContain(`data-sku="${subject.sku}"`);
    }
    // and back: every storefront's page is again what the build wrote
    expect((await patch(subject.sku, { stock_status: subject.stock_status, changed_by: 'Lars Lager' })).status).toBe(200);
    for (const locale of ['sv', 'no', 'da', 'fi', 'nl'] as const) {
      const p = `/${locale}/product/${subject.slugs[locale]}`;
      await waitFor(`${p} back as built`, async () => (fs.readFileSync(file(p)).equals(fs.readFileSync(original(p))) ? true : undefined));
    }
  });
});

describe('a failed re-render leaves the live page as it was', () => {
  it('keeps the previous page while rendering fails, and applies the change once it can', async () => {
    const own = `/sv/product/${subject.slugs.sv}`;
    const before = fs.readFileSync(file(own));
    // the product's sv translation gone mid-way: its page cannot be rendered (the render route answers 404)
    const translation = await h.db
      .selectFrom('product_translations')
      .selectAll()
      .where('product_id', '=', subject.id)
      .where('locale', '=', 'sv')
      .executeTakeFirstOrThrow();
    await h.db.deleteFrom('product_translations').where('product_id', '=', subject.id).where('locale', '=', 'sv').execute();
    try {
      const r = await patch(subject.sku, { prices: { n: [{ q: 1, p: subject.prices.n[0]!.p + 222 }] }, changed_by: 'Eva Editor' }).catch(
        (e: unknown) => e,
      );
      // without its sv translation the product is still priced in sv: the update itself succeeds
      expect((r as { status: number }).status).toBe(200);
      await waitFor('a failed render to be logged', async () => (server.output().includes(`${own} not re-rendered`) ? true : undefined));
      expect(fs.readFileSync(file(own)).equals(before)).toBe(true);
      const live = await request(`http://sv.localhost:${PORT}/produkt/${subject.slugs.sv}`);
      expect(live.status).toBe(200);
      expect(live.body).toMatch(pricePattern(subject.prices.n[0]!.p));
    } finally {
      await h.db.insertInto('product_translations').values(translation).execute();
    }
    // the change is tried again on the next polls and then shows
    await waitFor('the retried change to show', async () =>
      pricePattern(subject.prices.n[0]!.p + 222).test(fs.readFileSync(file(own), 'utf8')) ? true : undefined,
    );
    expect((await patch(subject.sku, { prices: subject.prices, changed_by: 'Eva Editor' })).status).toBe(200);
    await waitFor('the page back as built', async () =>
      fs.readFileSync(file(own)).equals(fs.readFileSync(original(own))) ? true : undefined,
    );
  });
});

describe('publishing a content page re-renders that page alone', () => {
  it('shows the published text on the public page within seconds; the page in other storefronts and other pages untouched', async () => {
    const own = '/sv/content/om-oss';
    const untouched = ['/no/content/om-oss', '/sv/content/leveransvillkor', `/sv/product/${subject.slugs.sv}`].map((p) => ({
      p,
      stat: fs.statSync(file(p)),
    }));
    const op = (method: string, route: string, body: unknown) =>
      request(`http://sv.localhost:${PORT}${route}?locale=sv&sid=${LOCALES.sv.storeID}`, {
        method,
        body: JSON.stringify(body),
        headers: AUTH,
      });
    const saved = await op('PUT', '/api/content/drafts', {
      kind: 'page',
      key: 'om-oss',
      title: 'Om oss – nytt',
      bodyHtml: '<p>Vi har <strong>nya</strong> öppettider.</p>',
      editor: 'Eva Editor',
    });
    expect(saved.status).toBe(200);
    const started = Date.now();
    const published = await op('POST', '/api/content/publish', {
      draftId: saved.json<{ draft: { id: string } }>().draft.id,
      editor: 'Eva Editor',
    });
    expect(published.status).toBe(200);
    expect(published.json().published).toMatchObject({ publishedBy: 'Eva Editor', rebuild: 'incremental' });

    const html = await waitFor('the published page', async () => {
      const r = await request(`http://sv.localhost:${PORT}/om-oss`);
      return r.status === 200 && r.body.includes('<h1>Om oss – nytt</h1>') ? r.body : undefined;
    });
    expect((Date.now() - started) / 1000).toBeLessThan(10);
    expect(html).toContain('<p>Vi har <strong>nya</strong> öppettider.</p>');
    expect(html).toContain('<title>Om oss – nytt');
    for (const u of untouched) expect(fs.statSync(file(u.p)).mtimeMs, u.p).toBe(u.stat.mtimeMs);
    expect(fs.readFileSync(original(own), 'utf8')).not.toContain('Om oss – nytt');
  });
});

describe('publishing a new content page', () => {
  afterAll(async () => {
    await h.db.deleteFrom('content_pages').where('locale', '=', 'sv').where('slug', '=', 'nyheter/vinter').execute();
  });

  it('puts it on the storefront within seconds; an address another page answers is refused', async () => {
    const op = (method: string, route: string, body: unknown) =>
      request(`http://sv.localhost:${PORT}${route}?locale=sv&sid=${LOCALES.sv.storeID}`, {
        method,
        body: JSON.stringify(body),
        headers: AUTH,
      });
    const taken = await op('PUT', '/api/content/drafts', {
      kind: 'page',
      key: `produkt/${subject.slugs.sv}`,
      title: 'x',
      bodyHtml: '<p>x</p>',
      editor: 'Eva Editor',
    });
    expect(taken.status).toBe(400);
    expect(apiErrorSchema.parse(taken.json()).error).toMatchObject({ code: 'invalid_request', field: 'key' });
    expect((await request(`http://sv.localhost:${PORT}/nyheter/vinter`)).status).toBe(404);

    const saved = await op('PUT', '/api/content/drafts', {
      kind: 'page',
      key: 'nyheter/vinter',
      title: 'Vinternyheter',
      bodyHtml: '<p>Nya reservdelar för vintern.</p>',
      editor: 'Eva Editor',
    });
    expect(saved.status).toBe(200);
    const published = await op('POST', '/api/content/publish', {
      draftId: saved.json<{ draft: { id: string } }>().draft.id,
      editor: 'Eva Editor',
    });
    expect(published.status).toBe(200);
    expect(published.json().published).toMatchObject({ rebuild: 'incremental' });
    const html = await waitFor('the new page', async () => {
      const r = await request(`http://sv.localhost:${PORT}/nyheter/vinter`);
      return r.status === 200 ? r.body : undefined;
    });
    expect(html).toContain('<h1>Vinternyheter</h1>');
    expect(html).toContain('<p>Nya reservdelar för vintern.</p>');
    expect(fs.existsSync(file('/sv/content/nyheter/vinter'))).toBe(true);
    // the other storefronts have no such page
    expect((await request(`http://no.localhost:${PORT}/nyheter/vinter`)).status).toBe(404);
  });
});

describe('a product page the build left out is rendered on its first request', () => {
  it('renders, keeps and serves the page; an unknown product stays a 404; a later change re-renders it', async () => {
    const slug = subject.slugs.da;
    const page = `/da/product/${slug}`;
    for (const f of [file(page), `${file(page)}.br`, `${file(page)}.gz`]) fs.rmSync(f, { force: true });
    const first = await request(`http://da.localhost:${PORT}/produkt/${slug}`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['content-security-policy']).toMatch(/script-src/);
    expect(first.body).toContain(`data-sku="${subject.sku}"`);
    // answered from memory; the files (and the page's tags) are written just after
    await waitFor('the first-request page kept with its tags', async () =>
      fs.existsSync(`${file(page)}.br`) && fs.readFileSync(path.join(BUILD, 'page-tags.ndjson'), 'utf8').includes(`"p":"${page}"`)
        ? true
        : undefined,
    );
    expect(fs.readFileSync(file(page), 'utf8')).toBe(first.body);
    // served from the file now, with the ETag the first answer had (same bytes, same time)
    const again = await request(`http://da.localhost:${PORT}/produkt/${slug}`);
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    // the same markup the build would have written (the da price is unchanged by this file)
    expect(fs.readFileSync(file(page)).equals(fs.readFileSync(original(page)))).toBe(true);
    const tagLines = fs.readFileSync(path.join(BUILD, 'page-tags.ndjson'), 'utf8').trim().split('\n');
    expect(JSON.parse(tagLines.at(-1)!)).toEqual({ p: page, t: expect.arrayContaining([`product:${subject.id}`]) });

    const unknown = await request(`http://da.localhost:${PORT}/produkt/no-such-product-anywhere`);
    expect(unknown.status).toBe(404);
    expect(fs.existsSync(file('/da/product/no-such-product-anywhere'))).toBe(false);

    const daPrice = JSON.parse(
      (
        await h.db
          .selectFrom('product_prices')
          .select('prices')
          .where('product_id', '=', subject.id)
          .where('locale', '=', 'da')
          .executeTakeFirstOrThrow()
      ).prices,
    ) as PriceObject;
    try {
      const r = await patch(subject.sku, { prices: { n: [{ q: 1, p: daPrice.n[0]!.p + 7 }] }, changed_by: 'Eva Editor' }, 'da');
      expect(r.status).toBe(200);
      await waitFor('the rendered page to follow a change', async () =>
        pricePattern(daPrice.n[0]!.p + 7).test(fs.readFileSync(file(page), 'utf8')) ? true : undefined,
      );
    } finally {
      await h.db
        .updateTable('product_prices')
        .set({ prices: JSON.stringify(daPrice) })
        .where('product_id', '=', subject.id)
        .where('locale', '=', 'da')
        .execute();
    }
  });
});

describe('the home page and the Christmas calendar follow the products they show', () => {
  it('re-renders both when a shown product changes, as the build would have written them', async () => {
    const index = await readPageTagIndex(BUILD);
    const onHome = (await h.db.selectFrom('products').select('id').orderBy('id').execute())
      .map((r) => r.id)
      .find((id) => {
        const pages = index.pagesFor([`product:${id}`], ['sv']);
        return pages.includes('/sv/') && pages.includes('/sv/christmas-calendar');
      });
    expect(onHome, 'a product on both the home page and the calendar').toBeDefined();
    const row = await h.db
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
      .where('p.id', '=', onHome!)
      .select(['p.sku', 'pr.prices'])
      .executeTakeFirstOrThrow();
    const prices = JSON.parse(row.prices) as PriceObject;
    const pages = ['/sv/', '/sv/christmas-calendar'];
    const before = pages.map((p) => fs.statSync(file(p)).mtimeMs);
    const fresh = `&quot;product_id&quot;:${onHome},`;
    try {
      expect((await patch(row.sku, { prices: { ...prices, n: [{ q: 1, p: prices.n[0]!.p + 1 }] }, changed_by: 'Eva Editor' })).status).toBe(
        200,
      );
      for (const p of pages)
        await waitFor(`${p} re-rendered`, async () => {
          const html = fs.readFileSync(file(p), 'utf8');
          return html.includes(fresh) && html.includes(`data-amount="${prices.n[0]!.p + 1}"`) ? true : undefined;
        });
    } finally {
      expect((await patch(row.sku, { prices, changed_by: 'Eva Editor' })).status).toBe(200);
    }
    for (const [i, p] of pages.entries()) {
      await waitFor(`${p} back as built`, async () => (fs.readFileSync(file(p)).equals(fs.readFileSync(original(p))) ? true : undefined));
      expect(fs.statSync(file(p)).mtimeMs).not.toBe(before[i]);
    }
  });
});

describe('a replaced part that stops being sold leaves the build (docs/product/parts-finder.md#part-numbers)', () => {
  it('its page is removed on the next change to it, and its address answers 301 to the part sold now', async () => {
    const row = await h.db
      .selectFrom('product_supersessions as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
      .where('p.orderable', '=', 1)
      .select(['p.id', 'p.sku', 't.slug', 'pr.prices'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const end = currentProduct(row.id, await supersessionMap(h.db));
    const successor = await h.db
      .selectFrom('product_translations')
      .where('product_id', '=', end)
      .where('locale', '=', 'sv')
      .select('slug')
      .executeTakeFirstOrThrow();
    const page = `/sv/product/${row.slug}`;
    expect(fs.readFileSync(file(page), 'utf8')).toContain('data-testid="superseded-notice"');
    const prices = JSON.parse(row.prices) as PriceObject;
    await h.db.updateTable('products').set({ orderable: 0 }).where('id', '=', row.id).execute();
    try {
      expect((await patch(row.sku, { prices: { n: [{ q: 1, p: prices.n[0]!.p + 3 }] }, changed_by: 'Eva Editor' })).status).toBe(200);
      await waitFor('the page to leave the build', async () => (fs.existsSync(file(page)) ? undefined : true));
      const r = await request(`http://sv.localhost:${PORT}/produkt/${row.slug}`);
      expect(r.status).toBe(301);
      expect(r.headers.location).toBe(`/produkt/${successor.slug}`);
    } finally {
      await h.db.updateTable('products').set({ orderable: 1 }).where('id', '=', row.id).execute();
      expect((await patch(row.sku, { prices, changed_by: 'Eva Editor' })).status).toBe(200);
    }
  });
});

describe('a server whose public origins are not the build’s writes nothing into it', () => {
  it('leaves the build’s pages as they are and answers a page the build lacks with 404', async () => {
    const other = path.join(TEST_DIR, 'incremental-build-other');
    fs.rmSync(other, { recursive: true, force: true });
    if (spawnSync('cp', ['-al', TEST_BUILD_DIR, other]).status !== 0) fs.cpSync(TEST_BUILD_DIR, other, { recursive: true });
    const page = `/sv/product/${subject.slugs.sv}`;
    const otherFile = path.join(other, 'client', ...page.split('/').filter(Boolean), 'index.html');
    const missing = `/no/product/${subject.slugs.no}`;
    fs.rmSync(path.join(other, 'client', ...missing.split('/').filter(Boolean), 'index.html'));
    // its own port in its links (no PARTSFRONT_PUBLIC_PORT): not the build's
    const second = await startServer({
      port: API_PORT + 9,
      databaseUrl: inject('databaseUrl'),
      buildDir: other,
      env: { PARTSFRONT_CHANGE_POLL_MS: '150' },
    });
    try {
      const before = fs.statSync(otherFile).mtimeMs;
      expect((await patch(subject.sku, { prices: subject.prices, changed_by: 'Eva Editor' })).status).toBe(200);
      await waitFor('the matching server to re-render', async () =>
        fs.statSync(file(page)).mtimeMs !== fs.statSync(original(page)).mtimeMs ? true : undefined,
      );
      await waitFor('the other server to say why it does not', async () =>
        second.output().includes('its pages change with builds only here') ? true : undefined,
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(fs.statSync(otherFile).mtimeMs).toBe(before);
      const lacking = await request(`http://no.localhost:${API_PORT + 9}/produkt/${subject.slugs.no}`);
      expect(lacking.status).toBe(404);
    } finally {
      await second.stop();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
