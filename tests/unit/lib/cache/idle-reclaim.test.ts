import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_RECLAIM, initialReclaimState, nextReclaimStep, settled } from '#lib/cache/idle-reclaim.ts';

const MiB = 1024 * 1024;
const busy = 0.4;
const quiet = 0.001;

/** Feeds samples through the policy; returns which of them reclaimed. */
function run(startRss: number, samples: { utilisation: number; rss: number }[], afterReclaimRss?: number) {
  let state = initialReclaimState(startRss);
  const reclaimed: number[] = [];
  samples.forEach((sample, i) => {
    const step = nextReclaimStep(state, sample);
    state = step.state;
    if (step.reclaim) {
      reclaimed.push(i);
      state = settled(state, afterReclaimRss ?? sample.rss);
    }
  });
  return { reclaimed, state };
}

describe('idle reclaim policy', () => {
  it('reclaims once the server is quiet for two samples after RSS grew by the threshold', () => {
    const { reclaimed } = run(
      150 * MiB,
      [
        { utilisation: busy, rss: 300 * MiB },
        { utilisation: busy, rss: 420 * MiB },
        { utilisation: quiet, rss: 420 * MiB },
        { utilisation: quiet, rss: 420 * MiB },
        { utilisation: quiet, rss: 170 * MiB },
        { utilisation: quiet, rss: 170 * MiB },
      ],
      170 * MiB,
    );
    expect(reclaimed).toEqual([3]);
  });

  it('never while requests are being served, however large RSS grows', () => {
    const samples = Array.from({ length: 20 }, (_, i) => ({ utilisation: busy, rss: (200 + i * 50) * MiB }));
    expect(run(150 * MiB, samples).reclaimed).toEqual([]);
  });

  it('a busy sample in between starts the quiet count again', () => {
    const { reclaimed } = run(150 * MiB, [
      { utilisation: quiet, rss: 400 * MiB },
      { utilisation: busy, rss: 400 * MiB },
      { utilisation: quiet, rss: 400 * MiB },
      { utilisation: quiet, rss: 400 * MiB },
    ]);
    expect(reclaimed).toEqual([3]);
  });

  it('not for growth below the threshold', () => {
    const growth = DEFAULT_IDLE_RECLAIM.minGrowthBytes - 1;
    const samples = Array.from({ length: 10 }, () => ({ utilisation: quiet, rss: 150 * MiB + growth }));
    expect(run(150 * MiB, samples).reclaimed).toEqual([]);
  });

  it('live data that stays after a reclaim does not make it reclaim again and again', () => {
    // the reclaim brought RSS down only to 300 MiB (caches hold it): that is the new level
    const samples = Array.from({ length: 12 }, () => ({ utilisation: quiet, rss: 400 * MiB }));
    const { reclaimed, state } = run(
      150 * MiB,
      [...samples.slice(0, 2), ...samples.slice(2).map(() => ({ utilisation: quiet, rss: 300 * MiB }))],
      300 * MiB,
    );
    expect(reclaimed).toEqual([1]);
    expect(state.settledRss).toBe(300 * MiB);
  });

  it('memory given back some other way lowers the level growth is measured from', () => {
    const { reclaimed } = run(300 * MiB, [
      { utilisation: quiet, rss: 160 * MiB },
      { utilisation: busy, rss: 200 * MiB },
      { utilisation: quiet, rss: 200 * MiB },
      { utilisation: quiet, rss: 200 * MiB },
    ]);
    expect(reclaimed).toEqual([3]);
  });
});
