/** The page's clock and timers for rules that take "now" as a parameter (src/lib/page-behaviour/min-display.ts). */
import type { DisplayClock } from '#lib/page-behaviour/min-display.ts';

export const browserClock: DisplayClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
