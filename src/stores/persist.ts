/**
 * Persistence helpers: everything lives under the `td02` prefix (docs/product/client-state.md#persisted-slices). localStorage stores sync
 * across tabs through storage events (@nanostores/persistent); sessionStorage ones stay per tab.
 */
import { atom, type WritableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { restoredSlice } from '#lib/page-behaviour/page-restore.ts';

export const PREFIX = 'td02:';

function decoder<T>(initial: T, revive?: (v: unknown) => T) {
  return (s: string): T => {
    try {
      const v = JSON.parse(s) as unknown;
      return revive ? revive(v) : (v as T);
    } catch {
      return initial;
    }
  };
}

export function localAtom<T>(name: string, initial: T, revive?: (v: unknown) => T): WritableAtom<T> {
  return persistentAtom<T>(PREFIX + name, initial, { encode: JSON.stringify, decode: decoder(initial, revive) });
}

/**
 * The tab's sessionStorage, or undefined where there is none — or where merely reading it throws, as in a
 * cross-site frame whose browser blocks third-party storage (the back office's preview of a storefront page).
 */
export function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function sessionAtom<T>(name: string, initial: T, revive?: (v: unknown) => T): WritableAtom<T> {
  const key = PREFIX + name;
  const store = sessionStore();
  const decode = decoder(initial, revive);
  /** What the tab's storage held when this page last read or wrote it. */
  let seen: string | null = null;
  let start = initial;
  try {
    seen = store?.getItem(key) ?? null;
    if (seen) start = decode(seen);
  } catch {
    /* storage disabled: keep in memory */
  }
  const a = atom<T>(start);
  a.listen((v) => {
    try {
      const s = JSON.stringify(v);
      store?.setItem(key, s);
      seen = s;
    } catch {
      /* quota or disabled */
    }
  });
  // a page restored from the back/forward cache, or prerendered and now shown, takes what other pages of the tab
  // stored meanwhile, as the local slices do (@nanostores/persistent): docs/product/client-state.md#backforward-cache
  if (store && typeof addEventListener === 'function') {
    const reread = () => {
      try {
        const stored = store.getItem(key);
        const next = restoredSlice(stored, seen, decode, initial);
        if (next) {
          seen = stored;
          a.set(next.value);
        }
      } catch {
        /* storage disabled meanwhile: keep what the page has */
      }
    };
    addEventListener('pageshow', (e) => {
      if (e.persisted) reread();
    });
    // Chromium gives a prerendered page a copy of the tab's sessionStorage, and the tab's own at activation
    if (typeof document !== 'undefined') document.addEventListener('prerenderingchange', reread, { once: true });
  }
  return a;
}
