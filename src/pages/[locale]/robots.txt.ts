/** Per-storefront robots.txt, prerendered to /{locale}/robots.txt and served as /robots.txt on its domain. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor, ROUTES, type RouteName } from '#lib/routing/routes.ts';
import { robotsTxt } from '#lib/catalogue/seo.ts';
import { siteSettings } from '#server/market/site-settings.ts';

export const getStaticPaths = (() => LOCALE_CODES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

/** On-demand, per-visitor pages (checkout, account, search …) are not for crawlers; /api neither. */
const PRIVATE: RouteName[] = [
  'checkout-id',
  'my-account',
  'my-order-id',
  'track-order-id',
  'searchresults',
  'page-preview',
  'unsubscribe',
  'back-in-stock',
];

export const GET: APIRoute = ({ params }) => {
  const locale = params.locale as LocaleCode;
  const paths = PRIVATE.filter((n) => ROUTES[n].mode === 'server').map((n) => pathFor(n, locale));
  const body = robotsTxt(siteSettings().origins[locale], ['/api/', '/admin/', ...paths]);
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
