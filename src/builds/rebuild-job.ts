/**
 * One rebuild at a time per server process, started by POST /admin/rebuild. State lives on globalThis:
 * after a switch the new build's copy of this module must still see the job the old one started.
 * When the build is done the serving process switches to it in-process (switch-hook.ts); without a
 * registered host (astro dev) only builds/current moves. The other nodes follow the database record (build-poll.ts).
 */
import { rebuild, type RebuildResult } from './rebuild.ts';
import { switchServingBuild } from './switch-hook.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { metrics, secondsSince } from '#server/telemetry/metrics.ts';

const log = loggerFor('rebuild');

export interface RebuildJob {
  state: 'idle' | 'running' | 'done' | 'failed';
  startedAt?: string; finishedAt?: string; dir?: string; seconds?: number; error?: string;
  /** Set when the build serves here but could not be recorded for the other nodes (rebuild.ts). */
  recordError?: string;
}

const STATE = Symbol.for('partsfront.rebuild.job');
type Global = typeof globalThis & { [STATE]?: RebuildJob };
const g = globalThis as Global;

export function rebuildJob(): RebuildJob {
  return g[STATE] ?? { state: 'idle' };
}

/** Starts a rebuild unless one is running; returns false when one is. */
export function startRebuild(run: () => Promise<RebuildResult> = () => rebuild()): boolean {
  if (rebuildJob().state === 'running') return false;
  const job: RebuildJob = { state: 'running', startedAt: new Date().toISOString() };
  g[STATE] = job;
  const started = performance.now();
  void (async () => {
    try {
      const r = await run();
      metrics.rebuildDuration.observe({ result: 'ok' }, secondsSince(started));
      await switchServingBuild(r.dir);
      if (r.recordError) log.error({ dir: r.dir, err: r.recordError }, 'the rebuild serves here but was not recorded for the other nodes');
      Object.assign(job, { state: 'done', dir: r.dir, seconds: r.seconds, recordError: r.recordError });
    } catch (err) {
      Object.assign(job, { state: 'failed', error: err instanceof Error ? err.message : String(err) });
      metrics.rebuildDuration.observe({ result: 'failed' }, secondsSince(started));
      log.error({ err }, 'rebuild failed, still serving the previous build');
    } finally {
      job.finishedAt = new Date().toISOString();
    }
  })();
  return true;
}
