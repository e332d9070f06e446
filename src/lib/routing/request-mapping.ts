/**
 * Host + public path → what serves it. Shared by the production server entry and the `astro dev`
 * integration so both serve the five storefronts identically.
 */
import { localeForHost, type LocaleCode } from '#lib/market/locales.ts';
import { matchPublicPath, type RouteMatch } from './routes.ts';
import { SITEMAP_PATH } from './sitemap-files.ts';

export type Resolution =
  | { kind: 'unknown-host' }
  | { kind: 'passthrough'; locale: LocaleCode } // /api/*, /captuerr, /admin/*, /media/*, build assets: not localized
  /** A per-domain file at a fixed public path (robots.txt, the sitemaps): prerendered per locale at internalPath. */
  | { kind: 'locale-file'; locale: LocaleCode; internalPath: string }
  | { kind: 'page'; locale: LocaleCode; match: RouteMatch }
  | { kind: 'not-found'; locale: LocaleCode };

/** Paths served as they are, on every storefront domain. */
const PASSTHROUGH = [
  /^\/api(\/|$)/,
  /^\/captuerr$/,
  /^\/admin\//,
  // the studio's images, the same address on every domain (docs/product/content-studio.md#images)
  /^\/media\//,
  /^\/_astro\//,
  /^\/@/,
  /^\/node_modules\//,
  /^\/src\//,
  /^\/\.astro\//,
  /^\/(images|logos|fonts)\//,
  /^\/favicon\.(svg|ico)$/,
];

/** Same public path on every domain, different content per storefront. */
const isLocaleFile = (pathname: string) => pathname === '/robots.txt' || SITEMAP_PATH.test(pathname);

export function isPassthrough(pathname: string): boolean {
  return PASSTHROUGH.some((re) => re.test(pathname));
}

export function resolveRequest(host: string | undefined, pathname: string, domains: Record<LocaleCode, string>): Resolution {
  const locale = localeForHost(host, domains);
  if (!locale) return { kind: 'unknown-host' };
  if (isPassthrough(pathname)) return { kind: 'passthrough', locale };
  if (isLocaleFile(pathname)) return { kind: 'locale-file', locale, internalPath: `/${locale}${pathname}` };
  const match = matchPublicPath(locale, pathname);
  return match ? { kind: 'page', locale, match } : { kind: 'not-found', locale };
}
