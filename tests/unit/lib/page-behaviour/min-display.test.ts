import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_DISPLAY_MS, minDisplay, remainingDisplay, type DisplayClock } from '#lib/page-behaviour/min-display.ts';

describe('remainingDisplay', () => {
  it('keeps an indicator until it has been shown 200 ms', () => {
    expect(MIN_DISPLAY_MS).toBe(200);
    expect(remainingDisplay(1000, 1005)).toBe(195);
    expect(remainingDisplay(1000, 1199)).toBe(1);
    expect(remainingDisplay(1000, 1200)).toBe(0);
    expect(remainingDisplay(1000, 1600)).toBe(0);
    expect(remainingDisplay(1000, 1010, 50)).toBe(40);
    // whole milliseconds, rounded up: a timer would cut 194.6 to 194 and hide it early
    expect(remainingDisplay(1000.2, 1005.6)).toBe(195);
    expect(remainingDisplay(1000.2, 1200.1)).toBe(1);
  });
});

describe('minDisplay', () => {
  // vitest's fake timers drive both the clock and the timers
  const clock: DisplayClock = {
    now: () => Date.now(),
    setTimeout: (f, ms) => setTimeout(f, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  };
  let changes: [number, boolean][];
  let start: number;
  const record = (visible: boolean) => changes.push([Date.now() - start, visible]);
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    changes = [];
    return () => vi.useRealTimers();
  });

  it('a fast answer: shown at once, hidden 200 ms after it appeared', () => {
    const d = minDisplay(record, clock);
    d.set(true);
    vi.advanceTimersByTime(5);
    d.set(false);
    expect(changes).toEqual([[0, true]]);
    vi.advanceTimersByTime(194);
    expect(changes).toEqual([[0, true]]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([
      [0, true],
      [200, false],
    ]);
  });

  it('a slow answer: hidden as soon as the work ends', () => {
    const d = minDisplay(record, clock);
    d.set(true);
    vi.advanceTimersByTime(600);
    d.set(false);
    expect(changes).toEqual([
      [0, true],
      [600, false],
    ]);
  });

  it('work that starts again while the hide waits keeps one continuous display', () => {
    const d = minDisplay(record, clock);
    d.set(true);
    vi.advanceTimersByTime(50);
    d.set(false);
    vi.advanceTimersByTime(100);
    d.set(true);
    vi.advanceTimersByTime(300);
    expect(changes).toEqual([[0, true]]);
    d.set(false);
    expect(changes).toEqual([
      [0, true],
      [450, false],
    ]);
  });

  it('repeated calls change nothing; a second display waits its own 200 ms', () => {
    const d = minDisplay(record, clock);
    d.set(false);
    d.set(true);
    d.set(true);
    vi.advanceTimersByTime(10);
    d.set(false);
    d.set(false);
    vi.advanceTimersByTime(500);
    d.set(true);
    vi.advanceTimersByTime(20);
    d.set(false);
    vi.runAllTimers();
    expect(changes).toEqual([
      [0, true],
      [200, false],
      [510, true],
      [710, false],
    ]);
  });

  it('counts the minimum from the frame that showed it, never earlier', () => {
    const d = minDisplay(record, clock);
    d.set(true);
    vi.advanceTimersByTime(5);
    d.set(false); // hide scheduled for 200 ms after the insert
    vi.advanceTimersByTime(11);
    d.painted(); // the frame at 16 ms: the hide moves to 216 ms
    vi.advanceTimersByTime(199);
    expect(changes).toEqual([[0, true]]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([
      [0, true],
      [216, false],
    ]);
    // a frame after the hide, or the frame of a still running piece of work, only moves the start
    d.painted();
    expect(changes).toHaveLength(2);
    d.set(true);
    vi.advanceTimersByTime(30);
    d.painted();
    vi.advanceTimersByTime(100);
    d.set(false);
    vi.advanceTimersByTime(99);
    expect(changes).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(changes.at(-1)).toEqual([446, false]); // 200 ms from the frame at 246 ms
  });

  it('dispose drops a pending hide', () => {
    const d = minDisplay(record, clock);
    d.set(true);
    d.set(false);
    d.dispose();
    vi.runAllTimers();
    expect(changes).toEqual([[0, true]]);
  });

  it('takes another minimum', () => {
    const d = minDisplay(record, clock, 50);
    d.set(true);
    d.set(false);
    vi.advanceTimersByTime(50);
    expect(changes).toEqual([
      [0, true],
      [50, false],
    ]);
  });
});
