import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { recordChange } from '#server/catalogue/change-feed.ts';
import { createPageTagIndex, type PageTagIndex } from '#builds/page-tag-index.ts';
import {
  createIncrementalPages,
  newContentPages,
  RENDER_CONCURRENCY,
  renderOrder,
  RETRY_DELAYS_MS,
  type ApplyReport,
} from '#builds/incremental-pages.ts';
import type { BuildPages } from '#builds/build-pages.ts';

let db: Db;
beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
});
afterAll(() => db.destroy());

const change = (tags: string[], locales: string[] = []) =>
  db.transaction().execute((trx) => recordChange(trx, { tags, locales, reason: 'price', changedBy: 'test' }));

/** A build whose pages are "rendered" into a map; `broken` pages fail to render. */
function fakeBuild(dir: string, index: PageTagIndex, broken: Set<string>) {
  const written: string[] = [];
  const pages: BuildPages = {
    dir,
    clientDir: `${dir}/client`,
    index: async () => index,
    writable: async () => true,
    rerender: async (page) => {
      if (broken.has(page)) throw new Error('render answered 404');
      written.push(page);
      return 'written';
    },
    materialize: async () => null,
    close: async () => {},
  };
  return { pages, written };
}

describe('incremental pages', () => {
  it('applies the changes after the build’s position in order, re-rendering only the tagged pages of the named storefronts', async () => {
    const before = await change(['product:1']); // older than the build: never applied
    const index = createPageTagIndex(before);
    index.update('/sv/product/a-1', ['product:1']);
    index.update('/no/product/a-1', ['product:1']);
    index.update('/sv/product/b-2', ['product:2', 'product:1']);
    index.update('/sv/product/c-3', ['product:3']);
    const b = fakeBuild('b1', index, new Set());
    const reports: ApplyReport[] = [];
    const poll = createIncrementalPages({ db, served: () => b.pages, log: () => {}, onApplied: (r) => reports.push(r) });
    const s1 = await change(['product:1'], ['sv']);
    const s2 = await change(['product:3']);
    expect(await poll()).toBe(2);
    expect(reports.map((r) => ({ ...r, rendered: [...r.rendered].sort() }))).toEqual([
      { seq: s1, rendered: ['/sv/product/a-1', '/sv/product/b-2'], failed: [] },
      { seq: s2, rendered: ['/sv/product/c-3'], failed: [] },
    ]);
    expect(b.written.sort()).toEqual(['/sv/product/a-1', '/sv/product/b-2', '/sv/product/c-3']);
    expect(await poll()).toBe(0); // nothing new
    expect(b.written).toHaveLength(3);
  });

  it('moves on past a page that fails, retries it after a pause and renders it once it can', async () => {
    const index = createPageTagIndex(await change(['product:9']));
    index.update('/sv/product/x-7', ['product:7']);
    index.update('/sv/product/y-8', ['product:7']);
    const broken = new Set(['/sv/product/x-7']);
    const b = fakeBuild('b2', index, broken);
    let now = 1_000_000;
    const log: string[] = [];
    const poll = createIncrementalPages({ db, served: () => b.pages, log: (m) => log.push(m), now: () => now });
    await change(['product:7']);
    const later = await change(['product:8']);
    expect(await poll()).toBe(2); // the feed does not wait for the failed page
    expect(b.written).toEqual(['/sv/product/y-8']);
    expect(log.some((m) => m.includes('/sv/product/x-7 not re-rendered'))).toBe(true);
    await poll();
    expect(b.written).toEqual(['/sv/product/y-8']); // not due yet
    broken.clear();
    now += RETRY_DELAYS_MS[0]!;
    await poll();
    expect(b.written).toEqual(['/sv/product/y-8', '/sv/product/x-7']);
    now += 1_000_000;
    await poll();
    expect(b.written).toHaveLength(2); // rendered once it could, not again
    expect(later).toBeGreaterThan(0);
  });

  it('renders a product page of a newer change before the model pages still queued for an older one, each page once', async () => {
    const index = createPageTagIndex(await change(['product:40']));
    const models = Array.from({ length: 9 }, (_, i) => `/sv/model/m-${i}`);
    for (const m of models) index.update(m, ['product:41', 'product:43']);
    index.update('/sv/product/p-41', ['product:41']);
    index.update('/sv/product/p-42', ['product:42']);
    const b = fakeBuild('b-queue', index, new Set());
    let newer: Promise<number> | undefined;
    const rerender = b.pages.rerender;
    b.pages.rerender = async (page, at) => {
      // a price change of another part arrives while the first model pages render
      if (page === models[0] && !newer) newer = change(['product:42', 'product:43'], ['sv']);
      return rerender(page, at);
    };
    const reports: ApplyReport[] = [];
    const poll = createIncrementalPages({ db, served: () => b.pages, log: () => {}, onApplied: (r) => reports.push(r) });
    const first = await change(['product:41'], ['sv']);
    expect(await poll()).toBe(2);
    const second = await newer!;
    // the older change's product page, one batch of its model pages, then the newer change's product page
    expect(b.written.indexOf('/sv/product/p-42')).toBeLessThan(b.written.indexOf(models.at(-1)!));
    expect(b.written[0]).toBe('/sv/product/p-41');
    // the first batch's model pages were rendered before the newer change was read, and again for it; the rest once
    // for both changes
    const early = models.slice(0, RENDER_CONCURRENCY - 1);
    expect(b.written.filter((p) => p.startsWith('/sv/model/')).sort()).toEqual([...early, ...models].sort());
    expect(reports.map((r) => r.seq)).toEqual([first, second]);
    expect(reports[1]!.rendered.sort()).toEqual([...models, '/sv/product/p-42'].sort());
  });

  it('follows a switched build from that build’s own position', async () => {
    const first = createPageTagIndex(await change(['product:20']));
    first.update('/sv/product/p-21', ['product:21']);
    const second = createPageTagIndex(await change(['product:21'])); // built after that change
    second.update('/sv/product/p-21', ['product:21']);
    const b1 = fakeBuild('first', first, new Set());
    const b2 = fakeBuild('second', second, new Set());
    let served = b1.pages;
    const poll = createIncrementalPages({ db, served: () => served, log: () => {} });
    await poll();
    expect(b1.written).toEqual(['/sv/product/p-21']);
    served = b2.pages;
    await poll();
    expect(b2.written).toEqual([]); // the change is already in the second build
    await change(['product:21']);
    await poll();
    expect(b2.written).toEqual(['/sv/product/p-21']);
  });
});

describe('newContentPages', () => {
  it('names the pages of content tags the index does not know, in the named storefronts', () => {
    expect(newContentPages(['content:sv:nyheter', 'product:3'], ['sv'], [])).toEqual(['/sv/content/nyheter']);
    expect(newContentPages(['content:sv:nyheter/vinter'], [], [])).toEqual(['/sv/content/nyheter/vinter']);
    expect(newContentPages(['content:sv:om-oss'], ['sv'], ['/sv/content/om-oss'])).toEqual([]);
    expect(newContentPages(['content:sv:om-oss'], ['no'], [])).toEqual([]);
  });
});

describe('renderOrder', () => {
  it("renders the product's own pages first and the model pages, which one part fills by the dozen, last", () => {
    const pages = ['/sv/model/bosch-a', '/sv/category/tvatt', '/no/product/filter', '/sv/model/aeg-b', '/', '/sv/product/filter', '/sv/brand/bosch'];
    expect(renderOrder(pages)).toEqual([
      '/no/product/filter',
      '/sv/product/filter',
      '/',
      '/sv/brand/bosch',
      '/sv/category/tvatt',
      '/sv/model/aeg-b',
      '/sv/model/bosch-a',
    ]);
  });
});
