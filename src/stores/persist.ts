/**
 * Persistence helpers: everything lives under the `td02` prefix (docs/product/client-state.md#persisted-slices). localStorage stores sync
 * across tabs through storage events (@nanostores/persistent); sessionStorage ones stay per tab.
 */
import { atom, type WritableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';

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
  let start = initial;
  try {
    const raw = store?.getItem(key);
    if (raw) start = decoder(initial, revive)(raw);
  } catch {
    /* storage disabled: keep in memory */
  }
  const a = atom<T>(start);
  a.listen((v) => {
    try {
      store?.setItem(key, JSON.stringify(v));
    } catch {
      /* quota or disabled */
    }
  });
  return a;
}
