/** SEO documents built from plain data: JSON-LD (Product, BreadcrumbList), sitemap.xml, robots.txt. */
import type { SafetyParty } from './product-safety.ts';

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script element. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}

export function breadcrumbJsonLd(crumbs: readonly { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/** An ordered list of pages (a model page's parts, docs/product/parts-finder.md#model-pages). */
export function itemListJsonLd(name: string, items: readonly { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((x, i) => ({ '@type': 'ListItem', position: i + 1, name: x.name, url: x.url })),
  };
}

export interface ProductLdInput {
  name: string;
  sku: string;
  description: string;
  url: string;
  images: string[];
  brand: string | null;
  price: number;
  currency: string;
  stockStatus: string;
  category?: string;
  /** GPSR art. 19 (docs/product/legal.md): the manufacturer as a schema.org Organization */
  manufacturer?: SafetyParty | null;
  /** the warning shown on the page, as a PropertyValue named `name` */
  safetyInformation?: { name: string; value: string } | null;
}

/** schema.org Organization with its PostalAddress, e-mail and web address. */
export function organizationJsonLd(o: SafetyParty) {
  return {
    '@type': 'Organization',
    name: o.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: o.address.street,
      postalCode: o.address.postal_code,
      addressLocality: o.address.city,
      addressCountry: o.address.country,
    },
    ...(o.email ? { email: o.email } : {}),
    ...(o.url ? { url: o.url } : {}),
  };
}

const AVAILABILITY: Record<string, string> = {
  'in-stock': 'InStock',
  'back-order-quick': 'BackOrder',
  'back-order-slow': 'BackOrder',
  'on-order': 'PreOrder',
  'out-of-stock': 'OutOfStock',
  discontinued: 'Discontinued',
};

export function productJsonLd(p: ProductLdInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    description: p.description,
    image: p.images,
    url: p.url,
    ...(p.category ? { category: p.category } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    ...(p.manufacturer ? { manufacturer: organizationJsonLd(p.manufacturer) } : {}),
    ...(p.safetyInformation
      ? {
          additionalProperty: [
            { '@type': 'PropertyValue', propertyID: 'safetyInformation', name: p.safetyInformation.name, value: p.safetyInformation.value },
          ],
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url: p.url,
      priceCurrency: p.currency,
      price: p.price.toFixed(2),
      availability: `https://schema.org/${AVAILABILITY[p.stockStatus] ?? 'OutOfStock'}`,
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
  alternates?: Record<string, string>;
}

/** One storefront's sitemap; alternates are hreflang → absolute URL (xhtml:link, as Google documents). */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const body = entries
    .map((e) => {
      const alt = Object.entries(e.alternates ?? {})
        .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(lang)}" href="${xmlEscape(href)}"/>`)
        .join('');
      return `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : ''}${alt}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** A sitemap index (docs/product/routes.md#robotstxt-and-sitemap): the storefront's sitemaps, each with its absolute URL and lastmod. */
export function sitemapIndexXml(sitemaps: readonly { loc: string; lastmod?: string }[]): string {
  const body = sitemaps
    .map((m) => `<sitemap><loc>${xmlEscape(m.loc)}</loc>${m.lastmod ? `<lastmod>${xmlEscape(m.lastmod)}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** robots.txt of one storefront: everything crawlable except transactional/private on-demand pages. */
export function robotsTxt(origin: string, disallow: readonly string[]): string {
  return ['User-agent: *', ...disallow.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
