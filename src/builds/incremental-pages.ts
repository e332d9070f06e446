/**
 * Incremental pages (docs/adr/0017-incremental-pages.md): every serving process follows the change feed and
 * re-renders, in the build it serves, only the prerendered pages whose tags a change names — a price or stock
 * change reaches its product page, and every page showing that product, within about a poll interval.
 *
 * - A page is replaced only by a complete 200 render (page-writer.ts); a failed render leaves the live page as
 *   it was. The feed moves on, and the page is tried again with a growing pause (RETRY_DELAYS_MS) — a retry renders
 *   the data as it is then, so order does not matter — and is given up after the last one with an error in the log
 *   (the next full build has it).
 * - After a build switch the new build's own index and feed position are used (its pages are as new as its data).
 */
import type { Db } from '#server/db/connection.ts';
import { changesAfter, type CatalogueChange } from '#server/catalogue/change-feed.ts';
import type { PageTagIndex } from './page-tag-index.ts';
import type { BuildPages } from './build-pages.ts';
import { pollEvery } from './poll-loop.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { metrics, secondsSince } from '#server/telemetry/metrics.ts';

const logger = loggerFor('pages');
const info = (message: string) => logger.info(message);

export const DEFAULT_CHANGE_POLL_MS = 1000;
/** Pages rendered at a time: database reads of one render overlap another's rendering and compression. */
export const RENDER_CONCURRENCY = 3;
/** Pauses before the retries of a page whose re-render failed: about 10 minutes in all. */
export const RETRY_DELAYS_MS = [1000, 2000, 5000, 15_000, 60_000, 120_000, 180_000, 240_000];

/**
 * The order a change's pages are rendered in: the product's own page first (what the shopper who follows a link
 * to it sees, and what the checkout links), then the listings, then the model pages, which one part can fill by the
 * dozen (docs/adr/0027-model-pages-on-demand.md).
 */
export function renderOrder(pages: readonly string[]): string[] {
  const rank = (page: string) => (/^\/[a-z]{2}\/product\//.test(page) ? 0 : /^\/[a-z]{2}\/model\//.test(page) ? 2 : 1);
  return [...pages].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

export function changePollMs(env: Record<string, string | undefined> = process.env): number {
  const ms = Number(env.PARTSFRONT_CHANGE_POLL_MS ?? DEFAULT_CHANGE_POLL_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.max(100, ms) : 0;
}

export interface ApplyReport {
  seq: number;
  rendered: string[];
  failed: string[];
}

export interface IncrementalPagesOptions {
  db: Db;
  /** The pages of the build served now. */
  served: () => BuildPages;
  log?: (message: string) => void;
  /** After each applied change (tests and the bench watch this). */
  onApplied?: (report: ApplyReport) => void;
}

/** The pages of `content:<locale>:<slug>` tags that the index does not know yet (new pages). */
export function newContentPages(tags: readonly string[], locales: readonly string[], known: readonly string[]): string[] {
  return tags.flatMap((tag) => {
    const m = /^content:([a-z]{2}):(.+)$/.exec(tag);
    if (!m || (locales.length > 0 && !locales.includes(m[1]!))) return [];
    const page = `/${m[1]}/content/${m[2]}`;
    return known.includes(page) ? [] : [page];
  });
}

export function createIncrementalPages({ db, served, log = info, onApplied, now = Date.now }: IncrementalPagesOptions & { now?: () => number }) {
  let state: { dir: string; index: PageTagIndex; applied: number; retries: Map<string, { attempts: number; at: number; changedAt: string }> } | undefined;

  async function current() {
    const s = served();
    if (state?.dir !== s.dir) {
      const index = await s.index();
      state = { dir: s.dir, index, applied: index.seq, retries: new Map() };
    }
    return state;
  }

  /** Renders and replaces one page; false when it failed (the live page stays). */
  async function renderPage(s: BuildPages, page: string, at: Date, why: string): Promise<boolean> {
    try {
      await s.rerender(page, at);
      return true;
    } catch (err) {
      log(`${why}: ${page} not re-rendered, the live page stays as it was: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  function failed(st: NonNullable<typeof state>, page: string, changedAt: string): void {
    const attempts = (st.retries.get(page)?.attempts ?? 0) + 1;
    if (attempts > RETRY_DELAYS_MS.length) {
      st.retries.delete(page);
      logger.error({ page, attempts }, 'page given up; it keeps its previous version until the next build');
    } else st.retries.set(page, { attempts, at: now() + RETRY_DELAYS_MS[attempts - 1]!, changedAt });
  }

  /**
   * One poll: the pages of every change after the served build's position, each page once, in render order across
   * the changes (renderOrder), RENDER_CONCURRENCY at a time; after each batch the feed is read again, so a product
   * page of a newer change goes before the model pages still queued for an older one. A change counts as applied
   * when all its pages are done and every change before it is; then the retries that are due.
   */
  return async function poll(): Promise<number> {
    const st = await current();
    const s = served();
    if (!(await s.writable())) return 0; // a build made for other public origins: pages change with builds only
    const open: { change: CatalogueChange; report: ApplyReport; left: number; started: number }[] = [];
    /** Pages to render, each with the changes waiting for it. */
    const queue = new Map<string, { changes: (typeof open)[number][]; changedAt: string }>();
    let seen = st.applied;
    let fetched = 0;

    const take = async () => {
      const changes = await changesAfter(db, seen);
      fetched += changes.length;
      for (const change of changes) {
        seen = change.seq;
        const entry = { change, report: { seq: change.seq, rendered: [], failed: [] } as ApplyReport, left: 0, started: performance.now() };
        open.push(entry);
        const pages = st.index.pagesFor(change.tags, change.locales);
        // a content page the build does not have (published after it was built): rendered into the build
        for (const page of newContentPages(change.tags, change.locales, pages)) {
          try {
            const made = await s.materialize(page);
            if (made) {
              await made.kept;
              entry.report.rendered.push(page);
            }
          } catch (err) {
            entry.report.failed.push(page);
            log(`change ${change.seq}: new page ${page} not rendered: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
        for (const page of pages) {
          const queued = queue.get(page);
          if (queued) {
            queued.changes.push(entry);
            queued.changedAt = change.createdAt; // rendered once, for the newest change naming it
          } else queue.set(page, { changes: [entry], changedAt: change.createdAt });
          entry.left++;
          st.retries.delete(page);
        }
      }
    };

    /** Applies, in order, the changes whose pages are all done. */
    const settle = () => {
      while (open[0]?.left === 0) {
        const { change, report, started } = open.shift()!;
        st.applied = change.seq;
        // docs/product/logs-and-metrics.md#metrics: how far behind the feed the served pages are, and what it cost
        metrics.changeApply.observe(secondsSince(started));
        metrics.changeFeedLag.set(Math.max(0, (now() - Date.parse(change.createdAt)) / 1000));
        metrics.pagesRendered.inc({ reason: 'change', result: 'ok' }, report.rendered.length);
        metrics.pagesRendered.inc({ reason: 'change', result: 'failed' }, report.failed.length);
        onApplied?.(report);
      }
    };

    await take();
    settle();
    while (queue.size > 0) {
      const batch = renderOrder([...queue.keys()]).slice(0, RENDER_CONCURRENCY);
      await Promise.all(
        batch.map(async (page) => {
          const { changes, changedAt } = queue.get(page)!;
          queue.delete(page);
          const ok = await renderPage(s, page, new Date(changedAt), `change ${changes.map((c) => c.change.seq).join(', ')}`);
          if (!ok) failed(st, page, changedAt);
          for (const c of changes) {
            (ok ? c.report.rendered : c.report.failed).push(page);
            c.left--;
          }
        }),
      );
      if (state !== st) return fetched; // the build switched meanwhile: its own position applies
      settle();
      if (queue.size > 0) await take();
    }
    for (const [page, r] of [...st.retries]) {
      if (r.at > now() || state !== st) continue;
      if (await renderPage(s, page, new Date(r.changedAt), `retry ${r.attempts}`)) st.retries.delete(page);
      else failed(st, page, r.changedAt);
    }
    return fetched;
  };
}

/** Polls every `intervalMs` (pollEvery), a feed it cannot read said once until it can again. */
export function startIncrementalPages(opts: IncrementalPagesOptions & { intervalMs: number }): { stop(): void } {
  const poll = createIncrementalPages(opts);
  let unreadable = false;
  return pollEvery(opts.intervalMs, () =>
    poll()
      .then(() => (unreadable = false))
      .catch((err: unknown) => {
        if (!unreadable) (opts.log ?? info)(`change feed unreadable, pages stay as they are: ${err instanceof Error ? err.message : String(err)}`);
        unreadable = true;
      }),
  );
}
