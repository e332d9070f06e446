/**
 * Fixed-window rate limit per key (client IP) in process memory. Bounded: at most MAX_KEYS keys are
 * tracked; when full, expired windows are swept, and if still full the oldest key is dropped.
 */
const MAX_KEYS = 10_000;

export interface RateLimiter {
  hit(key: string, now?: number): { allowed: boolean; retryAfterSeconds: number };
}

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        if (!w && windows.size >= MAX_KEYS) {
          for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
          if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value!);
        }
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) };
    },
  };
}

/**
 * The client's IP: the socket address, or — only when PARTSFRONT_TRUST_PROXY=1 (behind a reverse proxy
 * that sets it) — the first x-forwarded-for entry. Never trusted by default: clients can forge it.
 */
export function clientIp(
  headers: Headers,
  socketAddress: () => string | undefined,
  trustProxy = process.env.PARTSFRONT_TRUST_PROXY === '1',
): string {
  if (trustProxy) {
    const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return socketAddress() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
