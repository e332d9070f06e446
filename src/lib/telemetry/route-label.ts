/**
 * The route label of a request for the access log and the metrics (docs/product/logs-and-metrics.md#access-log):
 * the route table's name or a fixed pattern such as /api/checkout/:id — never the raw path, so no order number,
 * e-mail, token or query value reaches a log line or a metric label, and the label set stays small.
 */
import type { Resolution } from '#lib/routing/request-mapping.ts';
import { sitemapLabel } from '#lib/routing/sitemap-files.ts';

/**
 * The passthrough endpoints under src/pages (api, admin, captuerr, media), `[x]` segments written `:x`. A unit test
 * (tests/unit/lib/telemetry/route-label.test.ts) checks that every endpoint file has its pattern here.
 */
export const ENDPOINT_PATTERNS: readonly string[] = [
  '/admin/rebuild',
  '/captuerr',
  '/media/:file',
  '/api/auth/change-password',
  '/api/auth/forgot-password',
  '/api/auth/login-link',
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/profile',
  '/api/auth/refresh',
  '/api/auth/register',
  '/api/auth/set-password',
  '/api/auth/token-login',
  '/api/category-children',
  '/api/checkout',
  '/api/checkout/:id',
  '/api/checkout/:id/place',
  '/api/checkout/:id/return',
  '/api/company-prices',
  '/api/content/drafts',
  '/api/content/preview-link',
  '/api/content/publish',
  '/api/current-deal',
  '/api/experiment-events',
  '/api/experiments',
  '/api/models',
  '/api/my-appliances',
  '/api/my-appliances/:slug',
  '/api/operator/experiments/report',
  '/api/operator/orders/:number/:action',
  '/api/operator/products/:sku',
  '/api/operator/returns/:rma/:step',
  '/api/order-auth/info',
  '/api/order-auth/login',
  '/api/order-auth/refresh',
  '/api/payments/:provider/notifications',
  '/api/personalisation/purchase',
  '/api/personalisation/visitor',
  '/api/product-activity',
  '/api/product-categories',
  '/api/product-views',
  '/api/products',
  '/api/public-config',
  '/api/quick-order',
  '/api/recommendations',
  '/api/returns',
  '/api/returns/withdrawal',
  '/api/search-suggestions',
  '/api/search-triggers',
  '/api/strings',
  '/api/subscriptions',
  '/api/subscriptions/:id',
  '/api/sync-cart',
  '/api/sync-coupons',
  '/api/widget-by-slug/:slug',
];

const split = (p: string) => p.split('/').filter(Boolean);
const PATTERNS = ENDPOINT_PATTERNS.map((p) => ({ label: p, parts: split(p) }));

/** The endpoint pattern a passthrough path matches (literal segments first), or a fixed catch-all label. */
export function endpointLabel(pathname: string): string {
  const parts = split(pathname);
  let best: { label: string; literals: number } | undefined;
  for (const p of PATTERNS) {
    if (p.parts.length !== parts.length) continue;
    if (!p.parts.every((seg, i) => seg.startsWith(':') || seg === parts[i])) continue;
    const literals = p.parts.filter((seg) => !seg.startsWith(':')).length;
    if (!best || literals > best.literals) best = { label: p.label, literals };
  }
  if (best) return best.label;
  if (parts[0] === 'api') return '/api/*';
  if (parts[0] === 'admin') return '/admin/*';
  return 'asset';
}

/** Requests the host answers itself, before any storefront routing. */
export type HostRoute = 'healthz' | 'readyz' | 'metrics' | 'bad-path';

/** The label of a request: a host route, or what the storefront routing resolved it to. */
export function routeLabel(r: HostRoute | Resolution, pathname: string): string {
  if (typeof r === 'string') return r;
  switch (r.kind) {
    case 'unknown-host':
      return 'unknown-host';
    case 'not-found':
      return 'not-found';
    case 'locale-file':
      return sitemapLabel(r.internalPath.slice(r.locale.length + 1)); // /robots.txt, /sitemap.xml …: fixed paths
    case 'page':
      return r.match.name;
    case 'passthrough':
      return endpointLabel(pathname);
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A method label from a fixed set: a client's invented method does not make a new series. */
export const methodLabel = (method: string | undefined): string => (method && METHODS.has(method) ? method : 'OTHER');
