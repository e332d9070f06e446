/**
 * When a quiet server gives memory back (docs/product/performance.md#idle-reclaim). V8 keeps the heap it grew
 * to under a burst of requests, and a plain GC frees objects but not the pages: only a memory-reducing GC
 * returns them to the system, and V8 does not run one by itself while the process is idle. The server asks
 * for one when the event loop has been quiet for a while and RSS has grown well above what it was after the
 * last reclaim — rarely, and only when no one is waiting for an answer.
 */

export interface IdleReclaimPolicy {
  /** Event-loop utilisation (0–1) below which an interval counts as quiet. */
  quietUtilisation: number;
  /** Quiet intervals in a row before reclaiming. */
  quietIntervals: number;
  /** RSS growth over the level after the last reclaim (or start) that is worth a reclaim. */
  minGrowthBytes: number;
}

export const DEFAULT_IDLE_RECLAIM: IdleReclaimPolicy = { quietUtilisation: 0.02, quietIntervals: 2, minGrowthBytes: 32 * 1024 * 1024 };

export interface IdleReclaimState {
  /** RSS after the last reclaim, or at start: the level growth is measured from. */
  settledRss: number;
  quietInARow: number;
}

export const initialReclaimState = (rss: number): IdleReclaimState => ({ settledRss: rss, quietInARow: 0 });

/** One interval's sample: reclaim now? Call settled() with the RSS after a reclaim. */
export function nextReclaimStep(
  state: IdleReclaimState,
  sample: { utilisation: number; rss: number },
  policy: IdleReclaimPolicy = DEFAULT_IDLE_RECLAIM,
): { reclaim: boolean; state: IdleReclaimState } {
  // RSS below the settled level (memory given back some other way) lowers the level.
  const settledRss = Math.min(state.settledRss, sample.rss);
  const quietInARow = sample.utilisation < policy.quietUtilisation ? state.quietInARow + 1 : 0;
  const reclaim = quietInARow >= policy.quietIntervals && sample.rss - settledRss >= policy.minGrowthBytes;
  return { reclaim, state: { settledRss, quietInARow: reclaim ? 0 : quietInARow } };
}

/** After a reclaim: its RSS is the new level (live data that stayed does not trigger another). */
export const settled = (state: IdleReclaimState, rss: number): IdleReclaimState => ({ ...state, settledRss: rss });
