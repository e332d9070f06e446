/**
 * The secret of this process's page renderer (docs/adr/0017-incremental-pages.md#decision): render routes
 * answer only a request that carries it. Kept on globalThis because the host's modules and the build's bundled
 * copies of them are different module instances in one process.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const RENDER_SECRET_HEADER = 'x-partsfront-render';
const KEY = Symbol.for('partsfront.render.secret');
type Global = typeof globalThis & { [KEY]?: string };

export function renderSecret(): string {
  const g = globalThis as Global;
  g[KEY] ??= randomBytes(24).toString('base64url');
  return g[KEY];
}

export function renderRequestAllowed(headers: Headers): boolean {
  const secret = (globalThis as Global)[KEY];
  const given = headers.get(RENDER_SECRET_HEADER);
  if (!secret || !given || given.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}
