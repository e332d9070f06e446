/**
 * Host + public path → what serves it. Shared by the production server entry and the `astro dev`
 * integration so both serve the five storefronts identically.
 */
import { localeForHost, type LocaleCode } from './locales.ts';
import { matchPublicPath, type RouteMatch } from './routes.ts';

export type Resolution =
  | { kind: 'unknown-host' }
  | { kind: 'passthrough' } // /api/*, /captuerr, build assets: not localized
  | { kind: 'page'; locale: LocaleCode; match: RouteMatch }
  | { kind: 'not-found'; locale: LocaleCode };

/** Paths served as they are, on every storefront domain. */
const PASSTHROUGH = [/^\/api(\/|$)/, /^\/captuerr$/, /^\/_astro\//, /^\/_image/, /^\/@/, /^\/node_modules\//, /^\/src\//, /^\/\.astro\//,
  /^\/(images|logos|fonts)\//, /^\/favicon\.(svg|ico)$/, /^\/(robots\.txt|sitemap[\w-]*\.xml)$/];

export function isPassthrough(pathname: string): boolean {
  return PASSTHROUGH.some((re) => re.test(pathname));
}

export function resolveRequest(host: string | undefined, pathname: string, domains: Record<LocaleCode, string>): Resolution {
  const locale = localeForHost(host, domains);
  if (!locale) return { kind: 'unknown-host' };
  if (isPassthrough(pathname)) return { kind: 'passthrough' };
  const match = matchPublicPath(locale, pathname);
  return match ? { kind: 'page', locale, match } : { kind: 'not-found', locale };
}
