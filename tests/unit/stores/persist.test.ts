/**
 * A per-tab slice where the browser refuses storage (docs/product/client-state.md#persisted-slices): reading
 * `sessionStorage` itself throws in a cross-site frame whose browser blocks third-party storage (the back
 * office's preview of a storefront page). The slice then lives in memory instead of breaking the page's script.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sessionAtom, sessionStore } from '#stores/persist.ts';

const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
afterEach(() => {
  if (descriptor) Object.defineProperty(globalThis, 'sessionStorage', descriptor);
  else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

describe('sessionAtom', () => {
  it('keeps the value in memory when reading sessionStorage throws', () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException(
          "Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.",
          'SecurityError',
        );
      },
    });
    expect(sessionStore()).toBeUndefined();
    const a = sessionAtom('test-blocked', { n: 1 });
    expect(a.get()).toEqual({ n: 1 });
    a.set({ n: 2 });
    expect(a.get()).toEqual({ n: 2 });
  });

  it('reads and writes the tab’s storage where there is one', () => {
    const data = new Map<string, string>([['td02:test-kept', '{"n":7}']]);
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      value: { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) },
    });
    const a = sessionAtom('test-kept', { n: 0 });
    expect(a.get()).toEqual({ n: 7 });
    a.set({ n: 8 });
    expect(data.get('td02:test-kept')).toBe('{"n":8}');
  });

  it('takes what another page of the tab stored once its page is restored from the back/forward cache', () => {
    const data = new Map<string, string>([['td02:test-restored', '{"n":1}']]);
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      value: { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) },
    });
    const shows: ((e: { persisted: boolean }) => void)[] = [];
    const g = globalThis as { addEventListener?: unknown };
    g.addEventListener = (type: string, fn: (e: { persisted: boolean }) => void) => type === 'pageshow' && shows.push(fn);
    try {
      const a = sessionAtom('test-restored', { n: 0 });
      a.set({ n: 2 });
      shows.forEach((f) => f({ persisted: true }));
      expect(a.get()).toEqual({ n: 2 }); // nothing changed meanwhile: the page keeps its value
      data.set('td02:test-restored', '{"n":5}'); // another page of the tab
      shows.forEach((f) => f({ persisted: false }));
      expect(a.get()).toEqual({ n: 2 }); // a first load is no restore
      shows.forEach((f) => f({ persisted: true }));
      expect(a.get()).toEqual({ n: 5 });
      data.delete('td02:test-restored');
      shows.forEach((f) => f({ persisted: true }));
      expect(a.get()).toEqual({ n: 0 });
    } finally {
      delete g.addEventListener;
    }
  });
});
