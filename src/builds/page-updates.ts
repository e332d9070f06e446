/**
 * Incremental pages for a serving process (docs/adr/0017-incremental-pages.md): the pages of the served build
 * (build-pages.ts; a new set after a switch, the previous one closed once its renders are done), product pages
 * rendered on their first request when the build did not prerender them, and the change-feed poll every
 * PARTSFRONT_CHANGE_POLL_MS (default 1000; 0 = off: pages change with builds only).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { Build } from './loaded-build.ts';
import { buildPages, type BuildPages } from './build-pages.ts';
import { changePollMs, startIncrementalPages } from './incremental-pages.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('pages');

export interface PageUpdates {
  /** The pages of this build (the one being served, or the one a request started on). */
  pagesOf(build: Build): BuildPages;
  stop(): void;
}

export function startPageUpdates(db: Db, served: () => Build, domains: Record<LocaleCode, string>): PageUpdates {
  // one set of pages per build: a request still on the previous build uses that build's set until it is closed
  const byDir = new Map<string, BuildPages>();
  const retireOthers = (live: string) => {
    for (const [dir, old] of byDir)
      if (dir !== live) {
        byDir.delete(dir);
        setTimeout(() => void old.close(), 30_000).unref(); // renders in flight on the old build finish first
      }
  };
  const pagesOf = (b: Build): BuildPages => {
    if (b.dir === served().dir) retireOthers(b.dir);
    let pages = byDir.get(b.dir);
    if (!pages) byDir.set(b.dir, (pages = buildPages(b, domains)));
    return pages;
  };
  const intervalMs = changePollMs();
  const poller =
    intervalMs > 0
      ? startIncrementalPages({
          db,
          intervalMs,
          served: () => pagesOf(served()),
          onApplied: (r) => {
            if (r.rendered.length || r.failed.length)
              log.info(
                { change: r.seq, pagesRendered: r.rendered.length, pagesFailed: r.failed.length },
                `change ${r.seq}: ${r.rendered.length} page(s) re-rendered${r.failed.length ? `, ${r.failed.length} failed` : ''}`,
              );
          },
        })
      : undefined;
  return { pagesOf, stop: () => poller?.stop() };
}
