/**
 * THE route table (docs/product/routes.md#route-table): route name × locale ⇄ public localized path ⇄ internal page path.
 * Used both to build every link and to map an incoming request to a page under src/pages/[locale]/.
 * Pure and isomorphic.
 */
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';

type PerLocale = Record<LocaleCode, string>;
const same = (p: string): PerLocale => ({ sv: p, no: p, da: p, fi: p, nl: p });

/** How a route renders: prerendered at build time, or on demand by the Astro server. */
export type RenderMode = 'static' | 'server';

interface RouteDef {
  /** Public path pattern per locale. `:x` is a required segment, `:x?` optional, `*x` one or more segments (only required parts after it). */
  path: PerLocale;
  /** Internal page pattern below /{locale}; same placeholders as path. */
  internal: string;
  mode: RenderMode;
}

export const ROUTES = {
  index: { path: same('/'), internal: '/', mode: 'static' },
  'christmas-calendar': {
    path: { sv: '/julkalender', no: '/julekalender', da: '/julekalender', fi: '/joulukalenteri', nl: '/kerstkalender' },
    internal: '/christmas-calendar',
    mode: 'static',
  },
  'my-account': { path: same('/my-account'), internal: '/my-account', mode: 'server' },
  'my-account-orders': { path: same('/my-account/orders'), internal: '/my-account/orders', mode: 'server' },
  'my-account-returns': { path: same('/my-account/returns'), internal: '/my-account/returns', mode: 'server' },
  'my-account-subscriptions': { path: same('/my-account/subscriptions'), internal: '/my-account/subscriptions', mode: 'server' },
  /** Quick order (docs/product/quick-order.md): pasted rows or a CSV/XLSX file resolved to parts, added to the cart at once. */
  'my-account-quick-order': { path: same('/my-account/quick-order'), internal: '/my-account/quick-order', mode: 'server' },
  /** Company account (docs/product/company-accounts.md): details, members and roles, invitations. */
  'my-account-company': { path: same('/my-account/company'), internal: '/my-account/company', mode: 'server' },
  /** Quotes (docs/product/quotes.md): ask on the cart, see the answers, accept one into the checkout. */
  'my-account-quotes': { path: same('/my-account/quotes'), internal: '/my-account/quotes', mode: 'server' },
  /** Lists shared in the company and the cart saved for later (docs/product/lists.md). */
  'my-account-lists': { path: same('/my-account/lists'), internal: '/my-account/lists', mode: 'server' },
  'my-account-profile-edit': { path: same('/my-account/profile/edit'), internal: '/my-account/profile/edit', mode: 'server' },
  'my-account-orders-return-id': {
    path: same('/my-account/orders/return/:id?'),
    internal: '/my-account/orders/return/:id?',
    mode: 'server',
  },
  /** One order of the account; after the return route, whose literal `return` segment must win. */
  'my-account-orders-id': { path: same('/my-account/orders/:id'), internal: '/my-account/orders/:id', mode: 'server' },
  'my-order-return-id': { path: same('/my-order/return/:id'), internal: '/my-order/return/:id', mode: 'server' },
  'my-order-id': { path: same('/my-order/:id?'), internal: '/my-order/:id?', mode: 'server' },
  'page-preview': { path: same('/page-preview'), internal: '/page-preview', mode: 'server' },
  searchresults: { path: { ...same('/searchresults'), sv: '/sok' }, internal: '/searchresults', mode: 'server' },
  unsubscribe: { path: same('/unsubscribe'), internal: '/unsubscribe', mode: 'server' },
  /** Back in stock (docs/product/parts-finder.md#back-in-stock): the form's answer, the confirmation and unsubscribe links. */
  'back-in-stock': {
    path: { sv: '/bevakning', no: '/lagervarsel', da: '/lagerbesked', fi: '/saatavuusilmoitus', nl: '/voorraadmelding' },
    internal: '/back-in-stock',
    mode: 'server',
  },
  'checkout-confirmation-id': { path: same('/checkout/confirmation/:id?'), internal: '/checkout/confirmation/:id?', mode: 'server' },
  'checkout-failed-id': { path: same('/checkout/failed/:id?'), internal: '/checkout/failed/:id?', mode: 'server' },
  'checkout-invoice-id': { path: same('/checkout/invoice/:id'), internal: '/checkout/invoice/:id', mode: 'server' },
  /** The same invoice as a Peppol BIS Billing 3.0 UBL document (docs/adr/0033-e-invoices.md): business buyers only. */
  'checkout-invoice-id-ubl': {
    path: same('/checkout/invoice/:id/e-invoice.xml'),
    internal: '/checkout/invoice/:id/e-invoice.xml',
    mode: 'server',
  },
  /** A credit note of that invoice as a Peppol BIS Billing 3.0 UBL CreditNote (docs/product/e-invoices.md#credit-notes). */
  'checkout-invoice-id-credit-note': {
    path: same('/checkout/invoice/:id/credit-notes/:note'),
    internal: '/checkout/invoice/:id/credit-notes/:note',
    mode: 'server',
  },
  'checkout-id': { path: same('/checkout/:id?'), internal: '/checkout/:id?', mode: 'server' },
  'track-order-id': { path: same('/track-order/:id?'), internal: '/track-order/:id?', mode: 'server' },
  'brand-slug': {
    path: { sv: '/varumarke/:slug', no: '/varumarke/:slug', da: '/maerke/:slug', fi: '/tavaramerkki/:slug', nl: '/merk/:slug' },
    internal: '/brand/:slug',
    mode: 'static',
  },
  'product-tag-slug': {
    path: {
      sv: '/produkt-tagg/:slug',
      no: '/produkt-stikkord/:slug',
      da: '/produkt-tagg/:slug',
      fi: '/produkt-tagg/:slug',
      nl: '/product-tag/:slug',
    },
    internal: '/tag/:slug',
    mode: 'static',
  },
  /** Listing pages after the first (docs/adr/0012-listing-pages.md): before the static routes whose patterns they extend. */
  'brand-slug-page': {
    path: {
      sv: '/varumarke/:slug/sida/:page',
      no: '/varumarke/:slug/side/:page',
      da: '/maerke/:slug/side/:page',
      fi: '/tavaramerkki/:slug/sivu/:page',
      nl: '/merk/:slug/pagina/:page',
    },
    internal: '/brand-page/:page/:slug',
    mode: 'server',
  },
  'product-tag-slug-page': {
    path: {
      sv: '/produkt-tagg/:slug/sida/:page',
      no: '/produkt-stikkord/:slug/side/:page',
      da: '/produkt-tagg/:slug/side/:page',
      fi: '/produkt-tagg/:slug/sivu/:page',
      nl: '/product-tag/:slug/pagina/:page',
    },
    internal: '/tag-page/:page/:slug',
    mode: 'server',
  },
  'product-category-all-page': {
    path: {
      sv: '/kategori/*all/sida/:page',
      no: '/kategori/*all/side/:page',
      da: '/kategori/*all/side/:page',
      fi: '/kategoria/*all/sivu/:page',
      nl: '/categorie/*all/pagina/:page',
    },
    internal: '/category-page/:page/*all',
    mode: 'server',
  },
  product: {
    path: { sv: '/produkt/:slug', no: '/produkt/:slug', da: '/produkt/:slug', fi: '/tuote/:slug', nl: '/product/:slug' },
    internal: '/product/:slug',
    mode: 'static',
  },
  /** A model page's parts filtered (docs/product/parts-finder.md#model-pages): on demand, noindex; before model-slug. */
  'model-slug-parts': {
    path: {
      sv: '/modell/:slug/delar',
      no: '/modell/:slug/deler',
      da: '/model/:slug/dele',
      fi: '/malli/:slug/osat',
      nl: '/model/:slug/onderdelen',
    },
    internal: '/model-parts/:slug',
    mode: 'server',
  },
  /** An appliance model's parts (docs/product/parts-finder.md#model-pages). */
  'model-slug': {
    path: { sv: '/modell/:slug', no: '/modell/:slug', da: '/model/:slug', fi: '/malli/:slug', nl: '/model/:slug' },
    internal: '/model/:slug',
    mode: 'static',
  },
  'product-category-all': {
    path: { sv: '/kategori/*all', no: '/kategori/*all', da: '/kategori/*all', fi: '/kategoria/*all', nl: '/categorie/*all' },
    internal: '/category/*all',
    mode: 'static',
  },
  'discount-category': { path: same('/rabatt/:category/:discount'), internal: '/rabatt/:category/:discount', mode: 'server' },
  discount: { path: same('/rabatt/:discount'), internal: '/rabatt/:discount', mode: 'server' },
  /** Catch-all: a content page, or the not-found page. Must stay last. */
  content: { path: same('/*all'), internal: '/content/*all', mode: 'static' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];
export type RouteParams = Record<string, string | undefined>;

export interface RouteMatch {
  name: RouteName;
  /** Route name with its locale suffix, e.g. `product___fi` (docs/product/routes.md#route-names). */
  localizedName: string;
  locale: LocaleCode;
  params: RouteParams;
  internalPath: string;
  mode: RenderMode;
}

export function localizedRouteName(name: RouteName, locale: LocaleCode): string {
  return `${name}___${locale}`;
}

const enc = (s: string) => encodeURIComponent(s);

function fill(pattern: string, params: RouteParams): string {
  const out: string[] = [];
  for (const seg of pattern.split('/').filter(Boolean)) {
    if (seg.startsWith('*')) {
      const value = params[seg.slice(1)];
      if (!value) throw new Error(`route param ${seg.slice(1)} is required`);
      out.push(...value.split('/').filter(Boolean).map(enc));
    } else if (seg.startsWith(':')) {
      const optional = seg.endsWith('?');
      const key = seg.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (!optional) throw new Error(`route param ${key} is required`);
        continue;
      }
      out.push(enc(value));
    } else {
      out.push(seg);
    }
  }
  return '/' + out.join('/');
}

/** Public, localized path for a route: the one way every link is built. */
export function pathFor(name: RouteName, locale: LocaleCode, params: RouteParams = {}): string {
  return fill(ROUTES[name].path[locale], params);
}

/** Internal page path (below src/pages) for a route. */
export function internalPathFor(name: RouteName, locale: LocaleCode, params: RouteParams = {}): string {
  const inner = fill(ROUTES[name].internal, params);
  return inner === '/' ? `/${locale}` : `/${locale}${inner}`;
}

function matchPattern(pattern: string, segments: string[]): RouteParams | undefined {
  const parts = pattern.split('/').filter(Boolean);
  const params: RouteParams = {};
  let i = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if (part.startsWith('*')) {
      // one or more segments, leaving one for each (required) part after it: `/kategori/*all/sida/:page`
      const take = segments.length - i - (parts.length - p - 1);
      if (take < 1) return undefined;
      params[part.slice(1)] = segments.slice(i, i + take).join('/');
      i += take;
      continue;
    }
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const key = part.slice(1, optional ? -1 : undefined);
      if (i < segments.length) params[key] = segments[i++];
      else if (!optional) return undefined;
      continue;
    }
    if (segments[i] !== part) return undefined;
    i++;
  }
  return i === segments.length ? params : undefined;
}

function splitPath(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined; // malformed percent-encoding
  }
}

/** Public path on a locale's domain → route, or undefined when nothing (not even the catch-all) matches. */
export function matchPublicPath(locale: LocaleCode, pathname: string): RouteMatch | undefined {
  const segments = splitPath(pathname);
  if (!segments) return undefined;
  for (const name of ROUTE_NAMES) {
    const params = matchPattern(ROUTES[name].path[locale], segments);
    if (params) {
      return {
        name,
        locale,
        params,
        localizedName: localizedRouteName(name, locale),
        internalPath: internalPathFor(name, locale, params),
        mode: ROUTES[name].mode,
      };
    }
  }
  return undefined;
}

/** Internal page path (e.g. `/fi/product/x`) → route; the inverse of internalPathFor. */
export function matchInternalPath(pathname: string): RouteMatch | undefined {
  const segments = splitPath(pathname);
  if (!segments || segments.length === 0) return undefined;
  const [locale, ...rest] = segments;
  if (!(LOCALE_CODES as readonly string[]).includes(locale)) return undefined;
  const code = locale as LocaleCode;
  for (const name of ROUTE_NAMES) {
    const params = matchPattern(ROUTES[name].internal, rest);
    if (params) {
      return {
        name,
        locale: code,
        params,
        localizedName: localizedRouteName(name, code),
        internalPath: internalPathFor(name, code, params),
        mode: ROUTES[name].mode,
      };
    }
  }
  return undefined;
}

/** The same route in every locale (language switcher, hreflang): locale → public path. */
export function alternatesFor(name: RouteName, params: Partial<Record<LocaleCode, RouteParams>> | RouteParams): Record<LocaleCode, string> {
  const perLocale = LOCALE_CODES.some((c) => c in params);
  const out = {} as Record<LocaleCode, string>;
  for (const code of LOCALE_CODES) {
    const p = perLocale ? ((params as Partial<Record<LocaleCode, RouteParams>>)[code] ?? {}) : (params as RouteParams);
    out[code] = pathFor(name, code, p);
  }
  return out;
}
