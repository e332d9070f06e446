/**
 * A loading state as shown: true while `loading`, and on until it has been shown MIN_DISPLAY_MS
 * (docs/product/client-state.md#loading-states).
 */
import { useLayoutEffect, useState } from 'react';
import { MIN_DISPLAY_MS, minDisplay } from '#lib/page-behaviour/min-display.ts';
import { browserClock } from './browser-clock.ts';

export function useMinDisplay(loading: boolean, ms = MIN_DISPLAY_MS): boolean {
  const [held, setHeld] = useState(false);
  const [display] = useState(() => minDisplay(setHeld, browserClock, ms));
  // layout effects: the clock starts in the commit that inserts the indicator (then moves to the frame showing it)
  useLayoutEffect(() => {
    display.set(loading);
    // the next frame shows it: the minimum counts from there (a frame after an unmount or a hide does nothing)
    if (loading) requestAnimationFrame(() => display.painted());
  }, [display, loading]);
  useLayoutEffect(() => () => display.dispose(), [display]);
  // `loading` shows at once; `held` keeps it on between the render that ends the work and the timer
  return loading || held;
}
