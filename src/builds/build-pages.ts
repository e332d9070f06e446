/**
 * The pages of one served build that can change without a rebuild (docs/adr/0017-incremental-pages.md): its page
 * renderer (started on first use), its page-tag index (read on first use) and the two ways a page is written —
 * re-rendered after a change (`rerender`) or rendered for the first time when a shopper asks for a product page the
 * build did not prerender (`materialize`). Every written page's tags are appended to the build's index file, so a
 * restarted server knows them too. A content page whose twin answers 404 (unpublished, or moved to another slug)
 * leaves the build: its files are removed and the index forgets it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { Build } from './loaded-build.ts';
import { PAGE_TAGS_FILE } from '#server/catalogue/page-tags.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { readPageTagIndex, type PageTagIndex } from './page-tag-index.ts';
import { startPageRenderer, type PageRenderer } from './page-renderer.ts';
import { removePage, replacePage } from './page-writer.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('builds');

/** Pages rendered for the first time at once; further shoppers wait in line (a crawler cannot flood the renderer). */
export const MATERIALIZE_CONCURRENCY = 4;

/** An internal content page path (`/<locale>/content/<slug>`): the only pages a 404 from their twin removes. */
export const isContentPage = (page: string): boolean => /^\/[a-z]{2}\/content\/./.test(page);

/** An internal product page path (`/<locale>/product/<slug>`): its twin answers 410 when the product redirects to a successor. */
export const isProductPage = (page: string): boolean => /^\/[a-z]{2}\/product\/[^/]+$/.test(page);

/** The build was made for other public origins than this process serves (build-pages.ts). */
export class OtherOrigins extends Error {}

export interface BuildPages {
  dir: string;
  clientDir: string;
  index(): Promise<PageTagIndex>;
  /** False when the build was made for other public origins than this process's: nothing is written into it. */
  writable(): Promise<boolean>;
  /**
   * Renders the page again over its file, dated `at` (the change's time); throws when it cannot (the live file stays).
   * 'removed': a content page that is no longer published left the build.
   */
  rerender(page: string, at: Date): Promise<'written' | 'absent' | 'removed'>;
  /**
   * Renders a page the build does not hold yet: its HTML as soon as it is rendered (null when there is no such
   * page), its files and tags written meanwhile (`kept`; a shopper's answer does not wait for the disk).
   */
  materialize(page: string): Promise<MaterializedPage | null>;
  close(): Promise<void>;
}

export interface MaterializedPage {
  html: Buffer;
  /** The time its files get: the build directory's, in whole seconds (the same on every node, and exact in an ETag). */
  mtime: Date;
  /** Its files and its tags written; rejects when they could not be (the next request renders it again). */
  kept: Promise<void>;
}

export function buildPages(build: Build, domains: Record<LocaleCode, string>): BuildPages {
  let renderer: Promise<PageRenderer> | undefined;
  let index: Promise<PageTagIndex> | undefined;
  const inFlight = new Map<string, Promise<MaterializedPage | null>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const render = () => (renderer ??= startPageRenderer(build.handler, domains));
  const loadIndex = () => (index ??= readPageTagIndex(build.dir));
  let writable: Promise<boolean> | undefined;
  /**
   * A process whose public origins differ from the build's (another port or domain than the build was made for)
   * would write pages linking elsewhere: it never writes into that build; the build's files stay as they are.
   */
  const sameOrigins = () =>
    (writable ??= loadIndex().then((i) => {
      const mine = JSON.stringify(siteSettings().origins);
      if (!i.origins || JSON.stringify(i.origins) === mine) return true;
      log.warn({ build: path.basename(build.dir), origins: i.origins, mine }, 'the build links to other origins: its pages change with builds only here');
      return false;
    }));

  let ownFile: Promise<void> | undefined;
  /** A build copied with hard links shares the index file with its source: give this build its own copy first. */
  const ownIndexFile = (file: string) =>
    (ownFile ??= (async () => {
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || stat.nlink < 2) return;
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.copyFile(file, tmp);
      await fs.rename(tmp, file);
    })());

  async function record(page: string, tags: readonly string[] | 'gone'): Promise<void> {
    const index = await loadIndex();
    if (tags === 'gone') index.remove(page);
    else index.update(page, tags);
    const file = path.join(build.dir, PAGE_TAGS_FILE);
    await ownIndexFile(file);
    await fs.appendFile(file, JSON.stringify(tags === 'gone' ? { p: page, gone: true } : { p: page, t: tags }) + '\n');
  }

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= MATERIALIZE_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    dir: build.dir,
    clientDir: build.clientDir,
    index: loadIndex,
    writable: sameOrigins,
    async rerender(page, at) {
      if (!(await sameOrigins())) throw new OtherOrigins('this build was made for other public origins');
      const r = await (await render()).render(page);
      if (r.status === 410 && isProductPage(page)) {
        // replaced and no longer sold (docs/product/parts-finder.md#part-numbers): the host answers the 301 to its successor
        await removePage(build.clientDir, page);
        await record(page, 'gone');
        log.info({ page }, 'product superseded and no longer sold: removed from the build');
        return 'removed';
      }
      if (r.status === 404 && isContentPage(page)) {
        // unpublished or moved (docs/product/content-editing.md): the page leaves the build, the host answers 404 or the redirect
        await removePage(build.clientDir, page);
        await record(page, 'gone');
        log.info({ page }, 'content page no longer published: removed from the build');
        return 'removed';
      }
      if (r.status !== 200) throw new Error(`render answered ${r.status}`);
      if (!(await replacePage(build.clientDir, page, r.html, { mtime: at }))) return 'absent';
      await record(page, r.tags);
      return 'written';
    },
    materialize(page) {
      let job = inFlight.get(page);
      if (!job) {
        // the slot is held until the files are written (a crawler cannot pile up writes); the answer comes at the render
        const answer = new Promise<MaterializedPage | null>((resolve, reject) => {
          void slot(async () => {
            try {
              if (!(await sameOrigins())) return resolve(null); // as before incremental pages: a page the build lacks is not found
              const r = await (await render()).render(page);
              if (r.status === 404 || r.status === 410) return resolve(null);
              if (r.status !== 200) throw new Error(`render answered ${r.status}`);
              // dated like the build's own pages (the build directory's time), the same on every node
              const mtime = new Date(Math.floor((await fs.stat(build.dir)).mtimeMs / 1000) * 1000);
              const kept = replacePage(build.clientDir, page, r.html, { create: true, mtime }).then(() => record(page, r.tags));
              resolve({ html: Buffer.from(r.html, 'utf8'), mtime, kept });
              await kept.catch((err: unknown) => log.error({ err, page }, 'a page rendered on its first request could not be kept'));
            } catch (err) {
              reject(err instanceof Error ? err : new Error(String(err)));
            }
          });
        });
        job = answer;
        // later requests share this answer until the files are there to be served
        void answer
          .then((made) => made?.kept)
          .catch(() => undefined)
          .finally(() => {
            if (inFlight.get(page) === answer) inFlight.delete(page);
          });
        inFlight.set(page, answer);
      }
      return job;
    },
    async close() {
      if (renderer) await (await renderer).close();
    },
  };
}
