/**
 * Gives memory back when the server goes quiet (docs/product/performance.md#idle-reclaim): every 5 s the event
 * loop's utilisation and RSS are sampled; after 10 s of quiet with RSS 32 MiB or more above its settled level,
 * one memory-reducing GC runs (V8's "last resort" GC, which also returns freed heap pages to the system).
 * The GC is asked for through a fresh context (the app's globalThis never gets a `gc`); its pause is tens of
 * ms on a small catalogue, ~0.35 s on 50,000 products, and it runs only after 10 s without work.
 * PARTSFRONT_IDLE_RECLAIM=off turns it off.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import { DEFAULT_IDLE_RECLAIM, initialReclaimState, nextReclaimStep, settled, type IdleReclaimPolicy } from '#lib/cache/idle-reclaim.ts';

const SAMPLE_MS = 5000;

type GcOptions = { type: 'major'; execution: 'sync'; flavor: 'last-resort' };

function memoryReducingGc(): (options: GcOptions) => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as (options: GcOptions) => void;
}

export function startIdleReclaim(policy: IdleReclaimPolicy = DEFAULT_IDLE_RECLAIM, env = process.env): { stop(): void } {
  if (env.PARTSFRONT_IDLE_RECLAIM === 'off') return { stop() {} };
  const gc = memoryReducingGc();
  let state = initialReclaimState(process.memoryUsage.rss());
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const utilisation = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const step = nextReclaimStep(state, { utilisation, rss: process.memoryUsage.rss() }, policy);
    state = step.state;
    if (!step.reclaim) return;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    state = settled(state, process.memoryUsage.rss());
    last = performance.eventLoopUtilization();
  }, SAMPLE_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
