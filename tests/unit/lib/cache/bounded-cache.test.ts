import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedCache, ENTRY_OVERHEAD_BYTES, PENDING_BYTES, estimateBytes } from '#lib/cache/bounded-cache.ts';
import { budgetBytes } from '#lib/cache/cache-budget.ts';

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** What an entry of a one-character key and a value of `bytes` counts. */
const entry = (bytes: number, key = 'k') => ENTRY_OVERHEAD_BYTES + key.length * 2 + bytes;

const caches: BoundedCache<unknown>[] = [];
function cache<V>(opts: Partial<ConstructorParameters<typeof BoundedCache<V>>[0]> & { maxBytes: number }) {
  const c = new BoundedCache<V>({ ttlMs: 60_000, sweepEveryMs: 0, now: () => Date.now(), ...opts });
  caches.push(c as BoundedCache<unknown>);
  return c;
}
afterEach(() => {
  for (const c of caches.splice(0)) c.dispose();
  vi.useRealTimers();
});

describe('BoundedCache: byte budget', () => {
  it('counts key, overhead and the size the caller gives', () => {
    const c = cache<string>({ maxBytes: 10_000 });
    c.set('a', 'x', 100);
    c.set('bb', 'y', 200);
    expect(c.stats()).toMatchObject({ entries: 2, bytes: entry(100, 'a') + entry(200, 'bb'), evictions: 0 });
    expect(c.get('a')).toBe('x');
    expect(c.get('bb')).toBe('y');
  });

  it('evicts the oldest written entries until the new one fits', () => {
    const c = cache<number>({ maxBytes: entry(100) * 3 + 60 });
    for (const k of ['a', 'b', 'c']) c.set(k, 1, 100);
    c.set('d', 4, 150); // dropping a alone makes room
    expect(c.get('a')).toBeUndefined();
    expect([c.get('b'), c.get('c'), c.get('d')]).toEqual([1, 1, 4]);
    expect(c.stats()).toMatchObject({ entries: 3, evictions: 1 });
    expect(c.stats().bytes).toBeLessThanOrEqual(c.maxBytes);
    c.set('e', 5, 250); // b and c go
    expect([c.get('b'), c.get('c'), c.get('d'), c.get('e')]).toEqual([undefined, undefined, 4, 5]);
    expect(c.stats()).toMatchObject({ entries: 2, evictions: 3 });
  });

  it('never holds more than its budget however many keys a client sends', () => {
    const c = cache<string>({ maxBytes: 64 * 1024 });
    for (let i = 0; i < 20_000; i++) c.set(`query-${i}-${'x'.repeat(i % 50)}`, 'answer '.repeat(1 + (i % 40)));
    const s = c.stats();
    expect(s.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(s.entries).toBeGreaterThan(50);
    expect(s.entries + s.evictions).toBe(20_000);
    // the newest survive
    expect(c.get(`query-19999-${'x'.repeat(19999 % 50)}`)).toBe('answer '.repeat(1 + (19999 % 40)));
  });

  it('does not store an entry larger than the whole budget, and keeps the others', () => {
    const c = cache<string>({ maxBytes: 1000 });
    c.set('a', 'small', 10);
    expect(c.set('big', 'huge', 5000)).toBe(false);
    expect(c.get('big')).toBeUndefined();
    expect(c.get('a')).toBe('small');
    expect(c.stats()).toMatchObject({ entries: 1, oversize: 1, evictions: 0 });
  });

  it('replacing a key counts only the new value and moves it to the back', () => {
    const c = cache<string>({ maxBytes: entry(100) * 2 });
    c.set('a', 'one', 100);
    c.set('b', 'two', 100);
    c.set('a', 'three', 100);
    expect(c.stats()).toMatchObject({ entries: 2, bytes: entry(100) * 2 });
    c.set('c', 'four', 100); // b is now the oldest written
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual(['three', undefined, 'four']);
  });

  it('sizes values itself when the caller does not', () => {
    const c = cache<{ name: string }>({ maxBytes: 100_000 });
    const value = { name: 'Kniv till Electrolux' };
    c.set('k', value);
    expect(c.stats().bytes).toBe(entry(estimateBytes(value)));
    const d = cache<string>({ maxBytes: 100_000, sizeOf: (v) => v.length });
    d.set('k', 'abcd');
    expect(d.stats().bytes).toBe(entry(4));
  });

  it('delete and clear give the bytes back', () => {
    const c = cache<string>({ maxBytes: 10_000 });
    c.set('a', 'x', 100);
    c.set('b', 'y', 100);
    expect(c.delete('a')).toBe(true);
    expect(c.delete('a')).toBe(false);
    expect(c.stats()).toMatchObject({ entries: 1, bytes: entry(100, 'b') });
    c.clear();
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('refuses a budget or TTL that is not positive', () => {
    expect(() => new BoundedCache({ maxBytes: 0, ttlMs: 1000, now: Date.now })).toThrow(RangeError);
    expect(() => new BoundedCache({ maxBytes: 1000, ttlMs: Number.NaN, now: Date.now })).toThrow(RangeError);
  });
});

describe('BoundedCache: time to live', () => {
  it('answers an entry until its TTL is up, then drops it on access', () => {
    const t = clock();
    const c = cache<string>({ maxBytes: 10_000, ttlMs: 1000, now: t.now });
    c.set('a', 'x', 10);
    t.advance(999);
    expect(c.get('a')).toBe('x');
    t.advance(1);
    expect(c.get('a')).toBeUndefined();
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0, expired: 1, hits: 1, misses: 1 });
  });

  it('reading does not extend the TTL: an answer is never older than the TTL', () => {
    const t = clock();
    const c = cache<string>({ maxBytes: 10_000, ttlMs: 1000, now: t.now });
    c.set('a', 'x', 10);
    for (let i = 0; i < 9; i++) {
      t.advance(100);
      expect(c.get('a')).toBe('x');
    }
    t.advance(100);
    expect(c.get('a')).toBeUndefined();
  });

  it('drops every expired entry on any access, not only the one asked for', () => {
    const t = clock();
    const c = cache<string>({ maxBytes: 10_000, ttlMs: 1000, now: t.now });
    c.set('a', 'x', 10);
    c.set('b', 'y', 10);
    t.advance(500);
    c.set('c', 'z', 10);
    t.advance(600); // a and b expired, c not
    expect(c.get('c')).toBe('z');
    expect(c.stats()).toMatchObject({ entries: 1, expired: 2, bytes: entry(10, 'c') });
  });

  it('sweeps on an unref’d timer while idle, and stops the timer when empty', () => {
    vi.useFakeTimers();
    const c = cache<string>({ maxBytes: 10_000, ttlMs: 1000, sweepEveryMs: 1000 });
    const unref = vi.spyOn(globalThis, 'setInterval');
    c.set('a', 'x', 10);
    expect(unref).toHaveBeenCalledTimes(1);
    const timer = unref.mock.results[0]!.value as { hasRef?: () => boolean };
    // fake timers mimic Node's Timeout: an unref'd one no longer holds the process
    expect(timer.hasRef?.()).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2000); // no access at all: the sweep alone drops it
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0, expired: 1 });
    expect(vi.getTimerCount()).toBe(0);
    c.set('b', 'y', 10); // the next write starts it again
    expect(vi.getTimerCount()).toBe(1);
    unref.mockRestore();
  });

  it('sweep() reports how many it dropped', () => {
    const t = clock();
    const c = cache<number>({ maxBytes: 10_000, ttlMs: 1000, now: t.now });
    for (const k of ['a', 'b', 'c']) c.set(k, 1, 10);
    t.advance(1000);
    expect(c.sweep()).toBe(3);
    expect(c.sweep()).toBe(0);
  });
});

describe('BoundedCache: Promise values', () => {
  it('counts the caller’s estimate (or PENDING_BYTES) until the Promise resolves, then the result’s size', async () => {
    const c = cache<Promise<string>>({ maxBytes: 100_000, sizeOf: (v) => v.length });
    let resolve!: (v: string) => void;
    const p = new Promise<string>((r) => (resolve = r));
    c.set('a', p, 5000);
    expect(c.stats().bytes).toBe(entry(5000, 'a'));
    c.set('b', new Promise<string>(() => {}));
    expect(c.stats().bytes).toBe(entry(5000, 'a') + entry(PENDING_BYTES, 'b'));
    resolve('x'.repeat(300));
    await p;
    await Promise.resolve();
    expect(c.stats().bytes).toBe(entry(300, 'a') + entry(PENDING_BYTES, 'b'));
    expect(await c.get('a')).toBe('x'.repeat(300));
  });

  it('evicts older entries when a resolved result turns out larger than estimated', async () => {
    const c = cache<Promise<string>>({ maxBytes: entry(1000) * 2, sizeOf: (v) => v.length });
    c.set('a', Promise.resolve('a'.repeat(800)), 10);
    await Promise.resolve();
    const big = Promise.resolve('b'.repeat(1300));
    c.set('b', big, 10);
    await big;
    await Promise.resolve();
    expect(c.get('a')).toBeUndefined();
    expect(c.stats()).toMatchObject({ entries: 1, evictions: 1 });
  });

  it('drops a rejected Promise so a failure is not answered again; the caller still sees the rejection', async () => {
    const c = cache<Promise<string>>({ maxBytes: 100_000 });
    const failing = Promise.reject(new Error('database down'));
    c.set('a', failing, 100);
    await expect(failing).rejects.toThrow('database down');
    await Promise.resolve();
    expect(c.get('a')).toBeUndefined();
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('a late result of a replaced entry does not touch the new one', async () => {
    const c = cache<Promise<string>>({ maxBytes: 100_000, sizeOf: (v) => v.length });
    let resolveOld!: (v: string) => void;
    const old = new Promise<string>((r) => (resolveOld = r));
    c.set('a', old, 100);
    c.set('a', Promise.resolve('new'), 100);
    await Promise.resolve();
    await Promise.resolve();
    resolveOld('o'.repeat(5000));
    await old;
    await Promise.resolve();
    expect(await c.get('a')).toBe('new');
    expect(c.stats().bytes).toBe(entry(3, 'a'));
  });
});

describe('estimateBytes', () => {
  it('grows with what a value holds', () => {
    const small = estimateBytes({ code: 'SAVE10', applied: true, all_affected_items: [] });
    const large = estimateBytes({ code: 'SAVE10', applied: true, all_affected_items: Array.from({ length: 200 }, (_, i) => i) });
    expect(large - small).toBeGreaterThanOrEqual(200 * 8);
    expect(estimateBytes('x'.repeat(1000))).toBeGreaterThanOrEqual(2000);
  });

  it('is at least what the value is as JSON, for JSON-like answers', () => {
    const answer = {
      products: Array.from({ length: 24 }, (_, i) => ({
        name: `Kniv till Electrolux ${i}`,
        sku: `ELE-${i}`,
        prices: { n: [{ q: 1, p: 99.5 }] },
      })),
      categories: [{ id: 1, name: 'Knivar', count: 24 }],
      total: 24,
    };
    expect(estimateBytes(answer)).toBeGreaterThan(JSON.stringify(answer).length);
  });

  it('counts a shared or cyclic value once', () => {
    const shared = { name: 'x'.repeat(100) };
    const twice = estimateBytes([shared, shared]);
    expect(twice).toBeLessThan(estimateBytes([shared, { name: 'x'.repeat(100) }]));
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(Number.isFinite(estimateBytes(cyclic))).toBe(true);
  });
});

describe('budgetBytes', () => {
  it('reads MiB from the environment value, else the default', () => {
    expect(budgetBytes(undefined, 16)).toBe(16 * 1024 * 1024);
    expect(budgetBytes('64', 16)).toBe(64 * 1024 * 1024);
    expect(budgetBytes('0.5', 16)).toBe(512 * 1024);
    for (const bad of ['', ' ', '0', '-3', 'lots', 'Infinity']) expect(budgetBytes(bad, 16)).toBe(16 * 1024 * 1024);
  });
});
