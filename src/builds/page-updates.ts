/**
 * Incremental pages for a serving process (docs/adr/0017-incremental-pages.md): the pages of the served build
 * (build-pages.ts; a new set after a switch, the previous one closed once its renders are done), product pages
 * rendered on their first request when the build did not prerender them, and the change-feed poll every
 * PARTSFRONT_CHANGE_POLL_MS (default 1000; 0 = off: pages change with builds only).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { Build } from '#host/storefront-server.ts';
import { buildPages, type BuildPages } from './build-pages.ts';
import { changePollMs, startIncrementalPages, type ApplyReport } from './incremental-pages.ts';

export interface PageUpdates {
  /** The pages of this build (the one being served, or the one a request started on). */
  pagesOf(build: Build): BuildPages;
  stop(): void;
}

export function startPageUpdates(db: Db, served: () => Build, domains: Record<LocaleCode, string>, onApplied?: (r: ApplyReport) => void): PageUpdates {
  let current: BuildPages | undefined;
  const pagesOf = (b: Build): BuildPages => {
    if (current?.dir === b.dir) return current;
    const next = buildPages(b, domains);
    if (b === served()) {
      const old = current;
      current = next;
      if (old) setTimeout(() => void old.close(), 30_000).unref(); // renders in flight on the old build finish first
    }
    return next;
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
              console.log(`change ${r.seq}: ${r.rendered.length} page(s) re-rendered${r.failed.length ? `, ${r.failed.length} failed` : ''}`);
            onApplied?.(r);
          },
        })
      : undefined;
  return { pagesOf, stop: () => poller?.stop() };
}
