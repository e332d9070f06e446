/**
 * The one check of a request's raw path before it is routed or mapped to a file
 * (docs/adr/0001-host-routing-and-internal-pages.md#paths): decoded once, and refused when it is malformed
 * or could step out of the directory it is mapped to. Refused paths get a quiet 400 from the host.
 */

export type PathCheck = { ok: true; decoded: string } | { ok: false; reason: 'malformed' | 'unsafe' };

/** Encoded `/`, `\`, NUL, and (double-encoded) `.`: a path never needs them, traversal tricks always do. */
const ENCODED_SEPARATOR = /%(?:2f|5c|00)/i;
const DOUBLE_ENCODED = /%25(?:2f|5c|00|2e)/i;

export function checkRequestPath(rawPath: string): PathCheck {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (ENCODED_SEPARATOR.test(rawPath) || DOUBLE_ENCODED.test(rawPath)) return { ok: false, reason: 'unsafe' };
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, reason: 'unsafe' };
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return { ok: false, reason: 'unsafe' };
  return { ok: true, decoded };
}
