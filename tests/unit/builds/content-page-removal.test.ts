/**
 * A content page that is no longer published (or moved to another slug) leaves the build when its render twin
 * answers 404 (src/builds/build-pages.ts): its files go, the tag index forgets it (in memory and in the build's
 * file), a hard-linked copy of the build keeps its own files, and the change counts as done. A product page whose
 * twin answers 404 keeps today's behaviour: the live page stays and the render is retried.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { recordChange } from '#server/catalogue/change-feed.ts';
import { PAGE_TAGS_FILE, PAGE_TAGS_HEADER } from '#server/catalogue/page-tags.ts';
import { parseDomains } from '#lib/market/locales.ts';
import { buildPages, isContentPage, type BuildPages } from '#builds/build-pages.ts';
import { readPageTagIndex } from '#builds/page-tag-index.ts';
import { createIncrementalPages, type ApplyReport } from '#builds/incremental-pages.ts';
import { removePage } from '#builds/page-writer.ts';

const GONE = '/sv/content/gammal-sida';
const KEPT = '/sv/content/om-oss';
const PRODUCT = '/sv/product/borttagen-1';

let db: Db;
let root: string;
let pages: BuildPages;
/** Twins the fake build answers with 404 (the rest answer a page carrying the tag of its slug). */
const missing = new Set<string>();

const fileOf = (dir: string, page: string) => path.join(dir, 'client', ...page.split('/').filter(Boolean), 'index.html');
const write = (dir: string, page: string, html: string) => {
  const f = fileOf(dir, page);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  for (const suffix of ['', '.br', '.gz']) fs.writeFileSync(f + suffix, html);
};

/** The build's request handler: the render twin of each page (`/sv/render/content/x`). */
function handler(req: IncomingMessage, res: ServerResponse) {
  const page = decodeURI(req.url ?? '').replace(/^\/([a-z]{2})\/render\//, '/$1/');
  if (missing.has(page)) return void res.writeHead(404).end('not found');
  res.writeHead(200, { 'content-type': 'text/html', [PAGE_TAGS_HEADER]: `content:sv:${page.split('/').pop()!}` });
  res.end(`<h1>${page} again</h1>`);
}

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-removal-'));
  const dir = path.join(root, 'build');
  for (const p of [GONE, KEPT, PRODUCT, `${GONE}/djupare`]) write(dir, p, `<h1>${p}</h1>`);
  fs.writeFileSync(
    path.join(dir, PAGE_TAGS_FILE),
    [{ seq: 0 }, { p: GONE, t: ['content:sv:gammal-sida'] }, { p: KEPT, t: ['content:sv:om-oss'] }, { p: PRODUCT, t: ['product:1'] }]
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  // the served copy shares every file with the original through hard links, as a rebuild's copy does
  const served = path.join(root, 'served');
  fs.cpSync(dir, served, { recursive: true });
  for (const p of [GONE, KEPT, PRODUCT, `${GONE}/djupare`])
    for (const suffix of ['', '.br', '.gz']) {
      fs.rmSync(fileOf(served, p) + suffix);
      fs.linkSync(fileOf(dir, p) + suffix, fileOf(served, p) + suffix);
    }
  fs.rmSync(path.join(served, PAGE_TAGS_FILE));
  fs.linkSync(path.join(dir, PAGE_TAGS_FILE), path.join(served, PAGE_TAGS_FILE));
  pages = buildPages({ dir: served, clientDir: path.join(served, 'client'), handler }, parseDomains(undefined));
});
afterAll(async () => {
  await pages.close();
  await db.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a content page whose twin answers 404', () => {
  it('is removed from the build and the index, counted as done; other pages and the hard-linked original stay', async () => {
    const served = path.join(root, 'served');
    const original = path.join(root, 'build');
    const reports: ApplyReport[] = [];
    const logged: string[] = [];
    const poll = createIncrementalPages({ db, served: () => pages, log: (m) => logged.push(m), onApplied: (r) => reports.push(r) });
    missing.add(GONE);
    const seq = await db.transaction().execute((trx) =>
      recordChange(trx, { tags: ['content:sv:gammal-sida', 'content:sv:om-oss'], locales: ['sv'], reason: 'content', changedBy: 'test' }),
    );
    expect(await poll()).toBe(1);
    // the two render side by side: they are reported in the order they finish
    expect(reports.map((r) => ({ ...r, rendered: [...r.rendered].sort() }))).toEqual([{ seq, rendered: [GONE, KEPT].sort(), failed: [] }]);
    expect(logged).toEqual([]); // nothing failed, nothing to retry

    for (const suffix of ['', '.br', '.gz']) expect(fs.existsSync(fileOf(served, GONE) + suffix), suffix).toBe(false);
    expect(fs.readFileSync(fileOf(served, KEPT), 'utf8')).toBe(`<h1>${KEPT} again</h1>`);
    expect(fs.existsSync(fileOf(served, `${GONE}/djupare`))).toBe(true); // a deeper page keeps its directory
    // the original build is untouched: its files and its index
    for (const suffix of ['', '.br', '.gz']) expect(fs.readFileSync(fileOf(original, GONE) + suffix, 'utf8')).toBe(`<h1>${GONE}</h1>`);
    expect(fs.readFileSync(fileOf(original, KEPT), 'utf8')).toBe(`<h1>${KEPT}</h1>`);
    expect(fs.readFileSync(path.join(original, PAGE_TAGS_FILE), 'utf8')).not.toContain('gone');

    // the index forgets it, now and after a restart (the build's own file)
    expect((await pages.index()).pagesFor(['content:sv:gammal-sida'], [])).toEqual([]);
    const reread = await readPageTagIndex(served);
    expect(reread.pagesFor(['content:sv:gammal-sida'], [])).toEqual([]);
    expect(reread.pagesFor(['content:sv:om-oss'], [])).toEqual([KEPT]);

    // published again later: a new page to the index, rendered into the build again
    missing.delete(GONE);
    await db.transaction().execute((trx) =>
      recordChange(trx, { tags: ['content:sv:gammal-sida'], locales: ['sv'], reason: 'content', changedBy: 'test' }),
    );
    await poll();
    expect(fs.readFileSync(fileOf(served, GONE), 'utf8')).toBe(`<h1>${GONE} again</h1>`);
  });

  it('a product page whose twin answers 404 stays and is retried (not removed)', async () => {
    missing.add(PRODUCT);
    await expect(pages.rerender(PRODUCT, new Date())).rejects.toThrow('render answered 404');
    expect(fs.existsSync(fileOf(path.join(root, 'served'), PRODUCT))).toBe(true);
    expect((await pages.index()).pagesFor(['product:1'], [])).toEqual([PRODUCT]);
  });
});

describe('removePage and isContentPage', () => {
  it('removes the HTML and its variants, says whether there was a page, and never leaves the client directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-remove-'));
    write(dir, '/no/content/a', '<p>a</p>');
    const client = path.join(dir, 'client');
    expect(await removePage(client, '/no/content/a')).toBe(true);
    expect(fs.existsSync(path.join(client, 'no', 'content', 'a'))).toBe(false);
    expect(await removePage(client, '/no/content/a')).toBe(false);
    expect(await removePage(client, '/../../etc')).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
    expect([isContentPage('/sv/content/om-oss'), isContentPage('/sv/content/a/b'), isContentPage('/sv/product/x'), isContentPage('/sv/')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
