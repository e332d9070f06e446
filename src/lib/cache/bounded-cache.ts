/**
 * A cache bounded in bytes with a time to live (docs/product/performance.md#caches). Framework-free: the
 * server's answer caches use it, keyed by whatever a client sends, so what one client can make the process
 * hold is the budget, never the number or size of its requests.
 *
 * - Size: each entry counts its key (2 bytes a character), an entry overhead and its value's size — from the
 *   caller (`set(key, value, bytes)`), the `sizeOf` option, or estimateBytes(). A Promise value counts a
 *   provisional size (the caller's estimate, else PENDING_BYTES) until it resolves, then its result's size.
 *   A rejected Promise is dropped: a failure is never served from the cache.
 * - Eviction: in write order. With one TTL for every entry the oldest written is also the nearest to expiry,
 *   the one with the least left to give; and expired entries are always at the front, so sweeping costs
 *   only what it removes. An entry larger than the whole budget is not stored.
 * - Expiry: an expired entry is never answered; expired entries are dropped on every read and write, and by
 *   a periodic sweep on an unref'd timer (never keeps a process alive; none while the cache is empty), so an
 *   idle process gives its cached answers back too.
 */

/** Map entry, entry record and bookkeeping per cached value (an estimate of what V8 spends on them). */
export const ENTRY_OVERHEAD_BYTES = 96;
/** What an unresolved Promise counts until its result's size is known, when the caller gives no estimate. */
export const PENDING_BYTES = 4096;

export interface BoundedCacheOptions<V> {
  /** Budget for keys, values and overhead together. */
  maxBytes: number;
  /** How long an entry is answered after it was written. */
  ttlMs: number;
  /** Bytes of a value (of a Promise's result); default estimateBytes. */
  sizeOf?: (value: Awaited<V>) => number;
  /** How often the timer sweeps expired entries; default a quarter of the TTL, 1–30 s. 0: no timer. */
  sweepEveryMs?: number;
  /** The clock (src/lib does not read it itself): the server passes Date.now. */
  now: () => number;
}

export interface BoundedCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  /** Dropped to stay within the budget (before they expired). */
  evictions: number;
  /** Dropped because their time was up. */
  expired: number;
  /** Not stored: larger than the whole budget. */
  oversize: number;
  hits: number;
  misses: number;
}

interface Entry<V> {
  value: V;
  at: number;
  bytes: number;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';

export class BoundedCache<V> {
  readonly maxBytes: number;
  readonly ttlMs: number;
  private readonly entries = new Map<string, Entry<V>>();
  private readonly sizeOf: (value: Awaited<V>) => number;
  private readonly now: () => number;
  private readonly sweepEveryMs: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private bytes = 0;
  private counts = { evictions: 0, expired: 0, oversize: 0, hits: 0, misses: 0 };

  constructor(options: BoundedCacheOptions<V>) {
    if (!(options.maxBytes > 0) || !(options.ttlMs > 0)) throw new RangeError('maxBytes and ttlMs must be positive');
    this.maxBytes = options.maxBytes;
    this.ttlMs = options.ttlMs;
    this.sizeOf = options.sizeOf ?? estimateBytes;
    this.now = options.now;
    this.sweepEveryMs = options.sweepEveryMs ?? Math.min(30_000, Math.max(1000, options.ttlMs / 4));
  }

  /** The live value for key, or undefined (also when it expired). */
  get(key: string): V | undefined {
    const now = this.now();
    this.dropExpired(now);
    const e = this.entries.get(key);
    if (!e || now - e.at >= this.ttlMs) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    return e.value;
  }

  /**
   * Stores value under key (replacing an older one); `bytes` is the value's size when the caller knows it
   * (for a Promise: an estimate until it resolves). False when the entry alone exceeds the budget.
   */
  set(key: string, value: V, bytes?: number): boolean {
    const now = this.now();
    this.delete(key);
    this.dropExpired(now);
    const pending = isThenable(value);
    const valueBytes = bytes ?? (pending ? PENDING_BYTES : this.sizeOf(value as Awaited<V>));
    const entry: Entry<V> = { value, at: now, bytes: entryBytes(key, valueBytes) };
    if (entry.bytes > this.maxBytes) {
      this.counts.oversize++;
      return false;
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evictOverBudget();
    this.startTimer();
    if (pending)
      (value as PromiseLike<Awaited<V>>).then(
        (result) => this.resize(key, entry, this.sizeOf(result)),
        () => this.deleteEntry(key, entry),
      );
    return true;
  }

  delete(key: string): boolean {
    const e = this.entries.get(key);
    return e ? this.deleteEntry(key, e) : false;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.stopTimer();
  }

  /** Drops every expired entry; returns how many. */
  sweep(): number {
    const n = this.dropExpired(this.now());
    if (this.entries.size === 0) this.stopTimer();
    return n;
  }

  stats(): BoundedCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes, ...this.counts };
  }

  /** Stops the sweep timer (the cache keeps working; the timer starts again with the next write). */
  dispose(): void {
    this.stopTimer();
  }

  private resize(key: string, entry: Entry<V>, valueBytes: number): void {
    if (this.entries.get(key) !== entry) return; // replaced, evicted or expired meanwhile
    const bytes = entryBytes(key, valueBytes);
    if (bytes > this.maxBytes) {
      this.counts.oversize++;
      this.deleteEntry(key, entry);
      return;
    }
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evictOverBudget();
  }

  private deleteEntry(key: string, entry: Entry<V>): boolean {
    if (this.entries.get(key) !== entry) return false;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    return true;
  }

  /** Entries are in write order and share one TTL: the expired ones are a prefix. */
  private dropExpired(now: number): number {
    let n = 0;
    for (const [key, e] of this.entries) {
      if (now - e.at < this.ttlMs) break;
      this.deleteEntry(key, e);
      n++;
    }
    this.counts.expired += n;
    return n;
  }

  private evictOverBudget(): void {
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.deleteEntry(key, e);
      this.counts.evictions++;
    }
  }

  private startTimer(): void {
    if (this.timer || this.sweepEveryMs <= 0) return;
    this.timer = setInterval(() => this.sweep(), this.sweepEveryMs);
    (this.timer as { unref?: () => void }).unref?.();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

const entryBytes = (key: string, valueBytes: number) => ENTRY_OVERHEAD_BYTES + key.length * 2 + Math.max(0, Math.ceil(valueBytes));

/**
 * A generous estimate of what a JSON-like value occupies on a V8 heap: strings 2 bytes a character plus a
 * header, numbers 8 bytes, objects and arrays a header plus a slot per property or element (object keys
 * counted as strings once per object: an upper bound when objects share their shape). Values reached twice
 * are counted once; functions, symbols and the inside of other objects (Map, typed arrays) count as a slot.
 */
export function estimateBytes(value: unknown): number {
  const seen = new Set<object>();
  const walk = (v: unknown): number => {
    switch (typeof v) {
      case 'string':
        return 16 + v.length * 2;
      case 'number':
      case 'bigint':
        return 16;
      case 'object': {
        if (v === null) return 8;
        if (seen.has(v)) return 8;
        seen.add(v);
        if (Array.isArray(v)) {
          let n = 32 + v.length * 8;
          for (const item of v) n += walk(item);
          return n;
        }
        if (ArrayBuffer.isView(v)) return 64 + v.byteLength;
        if (v instanceof Map || v instanceof Set) return 64 + v.size * 32;
        let n = 32;
        for (const [k, item] of Object.entries(v)) n += 8 + 16 + k.length * 2 + walk(item);
        return n;
      }
      default:
        return 8;
    }
  };
  return walk(value);
}
