/** Bearer-token check for the rebuild endpoint: constant-time, and no token configured means no access. */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isAuthorized(header: string | null | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  // Comparing fixed-length digests: timingSafeEqual needs equal lengths and the length must not leak either.
  return !!m && timingSafeEqual(digest(m[1]), digest(token));
}
