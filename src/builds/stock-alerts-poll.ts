/**
 * Back-in-stock notifications on every serving node (docs/product/parts-finder.md#back-in-stock): the node follows
 * the change feed as incremental pages do — an operator's stock edit on any node names `product:<id>`, and that
 * product's confirmed requests are notified within a poll — and once a minute looks at every waiting request, which
 * catches stock written without a feed row (the catalogue import, another tool) and ends the requests left
 * unconfirmed for a week. Every node runs it; the claim in
 * notifyOrderable makes each request's mail exactly one.
 */
import type { Db } from '#server/db/connection.ts';
import { changesAfter, latestChangeSeq } from '#server/catalogue/change-feed.ts';
import { expireUnconfirmed, notifyOrderable } from '#server/catalogue/stock-alerts.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { pollEvery } from './poll-loop.ts';

const log = loggerFor('stock-alerts');

/** A look at every waiting request this often, besides the feed. */
export const FULL_SWEEP_MS = 60_000;

/** The products a batch of feed rows names (`product:<id>` tags). */
export function productIdsOfTags(tags: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const tag of tags) {
    const m = /^product:(\d+)$/.exec(tag);
    if (m) ids.add(Number(m[1]));
  }
  return [...ids];
}

export function createStockAlertPoll(db: Db, now: () => number = Date.now) {
  let applied: number | undefined;
  let lastSweep = -Infinity;
  return async function poll(): Promise<void> {
    if (applied === undefined) applied = await latestChangeSeq(db);
    if (now() - lastSweep >= FULL_SWEEP_MS) {
      lastSweep = now();
      await expireUnconfirmed(db);
      await notifyOrderable(db);
    }
    for (;;) {
      const changes = await changesAfter(db, applied);
      if (changes.length === 0) return;
      await notifyOrderable(db, { productIds: productIdsOfTags(changes.flatMap((c) => c.tags)) });
      applied = changes[changes.length - 1]!.seq;
    }
  };
}

/** Polls every `intervalMs` (the change feed's interval); an unreadable database is said once until it is readable. */
export function startStockAlerts(db: Db, intervalMs: number): { stop(): void } {
  const poll = createStockAlertPoll(db);
  let failing = false;
  return pollEvery(intervalMs, () =>
    poll().then(
      () => (failing = false),
      (err: unknown) => {
        if (!failing) log.error({ err }, 'back-in-stock notifications paused: the poll failed; retrying');
        failing = true;
      },
    ),
  );
}
