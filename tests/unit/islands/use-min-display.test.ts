/**
 * The hook on a minimal stand-in for React's useState/useLayoutEffect (the unit project runs in node, without a DOM):
 * a render returns what the component would show, effects run after it in order, a state change renders again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const hooks = vi.hoisted(() => {
  const states: unknown[] = [];
  const effects: { deps: unknown[]; cleanup?: (() => void) | void }[] = [];
  let slot = 0;
  let rerender: (() => void) | undefined;
  return {
    states,
    effects,
    reset(next: () => void) {
      states.length = 0;
      effects.length = 0;
      rerender = next;
    },
    begin() {
      slot = 0;
    },
    pending: [] as (() => void)[],
    useState<T>(init: T | (() => T)): [T, (v: T) => void] {
      const i = slot++;
      if (!(i in states)) states[i] = typeof init === 'function' ? (init as () => T)() : init;
      return [
        states[i] as T,
        (v: T) => {
          if (Object.is(states[i], v)) return;
          states[i] = v;
          rerender?.();
        },
      ];
    },
    useEffect(run: () => (() => void) | void, deps: unknown[]) {
      const i = slot++;
      const prev = effects[i];
      if (prev && deps.every((d, k) => Object.is(d, prev.deps[k]))) return;
      hooks.pending.push(() => {
        prev?.cleanup?.();
        effects[i] = { deps, cleanup: run() };
      });
    },
  };
});
vi.mock('react', () => ({ useState: hooks.useState, useLayoutEffect: hooks.useEffect }));

const { useMinDisplay } = await import('#islands/use-min-display.ts');

/** Renders the hook like a component: every committed output, with the time it was shown. */
function mount() {
  const shown: [number, boolean][] = [];
  const start = Date.now();
  let loading = false;
  const render = () => {
    hooks.begin();
    const out = useMinDisplay(loading);
    if (shown.at(-1)?.[1] !== out) shown.push([Date.now() - start, out]);
    const run = hooks.pending.splice(0);
    run.forEach((effect) => effect());
  };
  hooks.reset(render);
  render();
  return {
    shown,
    set(next: boolean) {
      loading = next;
      render();
    },
    unmount() {
      hooks.effects.forEach((e) => e?.cleanup?.());
    },
  };
}

describe('useMinDisplay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // a frame every 16 ms: the indicator reaches the screen with the next one
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 16));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows in the same render as the loading state and keeps it 200 ms from the frame that shows it after a fast answer', () => {
    const c = mount();
    expect(c.shown).toEqual([[0, false]]);
    c.set(true);
    vi.advanceTimersByTime(5);
    c.set(false); // the render that ends the work still shows it: never hidden and shown again
    expect(c.shown).toEqual([
      [0, false],
      [0, true],
    ]);
    vi.advanceTimersByTime(210);
    expect(c.shown).toEqual([
      [0, false],
      [0, true],
    ]);
    vi.advanceTimersByTime(1);
    expect(c.shown).toEqual([
      [0, false],
      [0, true],
      [216, false],
    ]);
  });

  it('a slow answer hides with its render', () => {
    const c = mount();
    c.set(true);
    vi.advanceTimersByTime(600);
    c.set(false);
    expect(c.shown).toEqual([
      [0, false],
      [0, true],
      [600, false],
    ]);
  });

  it('unmounting drops the pending hide', () => {
    const c = mount();
    c.set(true);
    c.set(false);
    c.unmount();
    vi.advanceTimersByTime(16); // the frame after the unmount changes nothing
    expect(vi.getTimerCount()).toBe(0);
    expect(c.shown).toEqual([
      [0, false],
      [0, true],
    ]);
  });
});
