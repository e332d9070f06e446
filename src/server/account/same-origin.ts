/**
 * Form posts to account pages must come from the storefront's own pages (docs/product/account-pages.md#profile):
 * the auth cookies are SameSite, and this refuses a cross-site form post in any browser that sends Origin
 * (all current ones) or, failing that, Referer. A post with neither is refused too.
 */
export function isSameOriginPost(headers: Headers): boolean {
  const host = headers.get('host');
  const from = headers.get('origin') ?? headers.get('referer');
  if (!host || !from || from === 'null') return false;
  try {
    return new URL(from).host === host;
  } catch {
    return false;
  }
}
