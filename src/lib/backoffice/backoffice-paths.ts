/**
 * The back office's host (docs/adr/0024-back-office-host-and-staff-accounts.md): requests whose Host is the admin
 * domain go to the Astro pages under /backoffice (public /orders → internal /backoffice/orders), build assets
 * and the studio's images (/media/*, the same route as on the storefronts) excepted. Shared by the production
 * server and the `astro dev` integration. Pure.
 */
import { MEDIA_PATH_PREFIX, MEDIA_ROUTE_LABEL } from '#lib/content/media-rules.ts';

export const BACKOFFICE_PREFIX = '/backoffice';
export const DEFAULT_ADMIN_DOMAIN = 'admin.localhost';

/** The admin domain from PARTSFRONT_ADMIN_DOMAIN (lower-case, no trailing dot), or the default. */
export function adminDomain(env: Record<string, string | undefined> = {}): string {
  const v = env.PARTSFRONT_ADMIN_DOMAIN?.trim().toLowerCase().replace(/\.$/, '');
  return v || DEFAULT_ADMIN_DOMAIN;
}

/** Host header (port allowed) names the admin domain. */
export function isAdminHost(host: string | null | undefined, domain: string): boolean {
  if (!host) return false;
  return host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '') === domain;
}

/** Shared build assets, and in `astro dev` Vite's own module paths: served as they are on the admin host too. */
const ASSETS = [
  /^\/_astro\//,
  /^\/@/,
  /^\/node_modules\//,
  /^\/src\//,
  /^\/\.astro\//,
  /^\/(images|logos|fonts)\//,
  /^\/favicon\.(svg|ico)$/,
];

export type BackofficeResolution = { kind: 'asset' } | { kind: 'page'; internalPath: string };

export function resolveBackofficePath(pathname: string): BackofficeResolution {
  if (ASSETS.some((re) => re.test(pathname))) return { kind: 'asset' };
  // images the studio inserts into storefront pages show in its preview and editor on this host too
  if (MEDIA_PATH_PREFIX.test(pathname)) return { kind: 'page', internalPath: pathname };
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return { kind: 'page', internalPath: trimmed === '/' ? BACKOFFICE_PREFIX : `${BACKOFFICE_PREFIX}${trimmed}` };
}

/** The public path of an internal back-office path (links and redirects inside the back office). */
export function publicBackofficePath(internalPath: string): string {
  if (internalPath === BACKOFFICE_PREFIX) return '/';
  return internalPath.startsWith(`${BACKOFFICE_PREFIX}/`) ? internalPath.slice(BACKOFFICE_PREFIX.length) : internalPath;
}

/**
 * The back office's pages as route label patterns (docs/product/logs-and-metrics.md#access-log): tokens and ids
 * never reach a label. A unit test checks every page under src/pages/backoffice is here.
 */
export const BACKOFFICE_PAGE_PATTERNS: readonly string[] = [
  '/',
  '/audit',
  '/invite/:token',
  '/language',
  '/login',
  '/logout',
  '/staff',
  '/orders',
  '/orders.csv',
  '/orders/:number',
  '/orders/:number/e-invoice.xml',
  '/orders/:number/credit-notes/:note',
  '/health',
  '/experiments',
  '/returns',
  '/quotes',
  '/quotes/:id',
  '/customers',
  '/customers/:id',
  '/companies',
  '/companies/:id',
  '/products',
  '/products/:sku',
  '/content',
  '/content/new',
  '/content/page/:locale/:...slug',
  '/content/api/draft',
  '/content/widgets',
  '/content/widgets/:locale/:slug',
  '/content/deals',
  '/content/deals/:locale/:key',
  '/content/calendar',
  '/content/api/media',
  '/content/api/link-targets',
];

/** The label of a back-office public path: its pattern, or 'backoffice-not-found'. */
export function backofficeLabel(pathname: string): string {
  if (MEDIA_PATH_PREFIX.test(pathname)) return MEDIA_ROUTE_LABEL;
  const parts = pathname.split('/').filter(Boolean);
  for (const p of BACKOFFICE_PAGE_PATTERNS) {
    const pp = p.split('/').filter(Boolean);
    // a last segment ':...name' takes the rest of the path (a content page's address may have sections)
    const rest = pp.at(-1)?.startsWith(':...') ?? false;
    const fits = rest ? parts.length >= pp.length : pp.length === parts.length;
    if (fits && pp.every((seg, i) => seg.startsWith(':') || seg === parts[i])) return `bo:${p}`;
  }
  return 'bo:not-found';
}

/** The back office has a page at this public path (links to pages another change adds appear once it is there). */
export const hasBackofficePage = (pathname: string): boolean => backofficeLabel(pathname) !== 'bo:not-found';
