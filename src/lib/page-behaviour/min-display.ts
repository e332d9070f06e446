/**
 * docs/product/client-state.md#loading-states: a fetch's loading indicator, once shown, stays at least 200 ms
 * so it never flickers. It shows at once (no grace delay): the spec sets only the minimum.
 */
export const MIN_DISPLAY_MS = 200;

/**
 * How long an indicator shown at `shownAt` must still stay when its work ends at `endedAt` (0: hide now). Whole
 * milliseconds, rounded up: setTimeout truncates a fractional delay (performance.now() has fractions).
 */
export function remainingDisplay(shownAt: number, endedAt: number, ms = MIN_DISPLAY_MS): number {
  return Math.max(0, Math.ceil(shownAt + ms - endedAt));
}

/** The clock and timers the rule runs on: "now" is passed in (the page's: src/islands/browser-clock.ts). */
export interface DisplayClock {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface MinDisplay {
  /** The work started (true) or ended (false); `onChange` hears when the indicator shows or hides. */
  set: (loading: boolean) => void;
  /**
   * The indicator reached the screen (the frame after it was inserted): the minimum counts from here, never from
   * earlier. Inserting it in a large commit (the checkout) can take some milliseconds more than hiding it does.
   */
  painted: () => void;
  /** Drops a pending hide (unmount). */
  dispose: () => void;
}

/**
 * The indicator of one loading state. Work that starts again while a hide is pending keeps the indicator
 * (one continuous display, never hidden and shown again).
 */
export function minDisplay(onChange: (visible: boolean) => void, clock: DisplayClock, ms = MIN_DISPLAY_MS): MinDisplay {
  let visible = false;
  let shownAt = 0;
  let hide: unknown = undefined;
  const cancel = () => {
    if (hide !== undefined) clock.clearTimeout(hide);
    hide = undefined;
  };
  const hideNow = () => {
    hide = undefined;
    visible = false;
    onChange(false);
  };
  const hideLater = () => {
    const wait = remainingDisplay(shownAt, clock.now(), ms);
    if (wait === 0) hideNow();
    else hide = clock.setTimeout(hideNow, wait);
  };
  return {
    set(loading) {
      if (loading) {
        cancel();
        if (visible) return;
        visible = true;
        shownAt = clock.now();
        onChange(true);
        return;
      }
      if (!visible || hide !== undefined) return;
      hideLater();
    },
    painted() {
      if (!visible) return;
      shownAt = Math.max(shownAt, clock.now());
      if (hide === undefined) return;
      cancel(); // the work ended before the frame: its hide counts from the frame
      hideLater();
    },
    dispose: cancel,
  };
}
