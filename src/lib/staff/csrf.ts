/**
 * CSRF checks of back-office form posts (docs/product/back-office.md#csrf): the synchronizer token of the
 * session must come back in the form, and the post must come from the admin host itself (Origin, else Referer).
 * Pure: the server passes the header values and the session's token.
 */

/** The form field every back-office POST carries (the <CsrfField /> component writes it). */
export const CSRF_FIELD = '_csrf';
/** The header a back-office script's fetch carries the same token in (the studio's autosave and uploads). */
export const CSRF_HEADER = 'x-csrf-token';

/** Equal strings, compared in time that does not depend on where they differ. */
export function csrfTokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || expected.length === 0 || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

/**
 * The post came from a page of this host: Origin (or, without it, Referer) names exactly `host` (with port).
 * Neither header, 'null' or an unparsable value is refused.
 */
export function isSameHostPost(
  host: string | null | undefined,
  origin: string | null | undefined,
  referer: string | null | undefined,
): boolean {
  const from = origin ?? referer;
  if (!host || !from || from === 'null') return false;
  try {
    return new URL(from).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
