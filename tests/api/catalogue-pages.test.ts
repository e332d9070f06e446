/**
 * The prerendered catalogue pages as a crawler or a browser without JS sees them: localized paths per
 * domain, prices per currency, tiers and campaigns, images with placeholder, stock + delivery days,
 * canonical/hreflang, JSON-LD, per-domain robots.txt and sitemaps (an index, the pages, product and model chunks).
 */
import { describe, expect, it, inject } from 'vitest';
import { request } from '#tests/support/http.ts';
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { normalizeTiers } from '#lib/pricing/tiers.ts';
import { formatPrice } from '#lib/pricing/money-format.ts';
import { TEST_PRODUCTS, TEST_SITEMAP_CHUNK, E2E_PORT } from '#tests/support/test-env.ts';

const port = new URL(inject('apiBase')).port;
const at = (locale: string, path: string) => `http://${locale}.localhost:${port}${path}`;
// Links inside the build point at the public origins the build was made for (the e2e port).
const publicOrigin = (locale: string) => `http://${locale}.localhost:${E2E_PORT}`;
// The same deterministic catalogue the test build was made from.
const catalogue = generateDemoCatalogue({ products: TEST_PRODUCTS });
const products = catalogue.products;
const slug = (p: (typeof products)[number], l: LocaleCode) => p.translations[l]!.slug;
const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('product pages', () => {
  it.each(LOCALE_CODES)('%s: localized path, price in its currency, canonical, hreflang on all five domains, JSON-LD', async (code) => {
    const p = products.find((x) => x.stock_status === 'in-stock' && !x.prices[code]!.prices.c)!;
    const r = await request(at(code, pathFor('product', code, { slug: slug(p, code) })));
    expect(r.status).toBe(200);
    const html = norm(r.body);
    expect(html).toContain(`<html lang="${LOCALES[code].iso}"`);
    expect(html).toContain(`data-testid="product-name">${p.translations[code]!.name}<`);
    expect(html).toContain(norm(formatPrice(p.prices[code]!.prices.n[0].p, code)));
    expect(html).toContain(`<link rel="canonical" href="${publicOrigin(code)}${pathFor('product', code, { slug: slug(p, code) })}">`);
    for (const other of LOCALE_CODES) {
      expect(html).toContain(
        `<link rel="alternate" hreflang="${LOCALES[other].iso}" href="${publicOrigin(other)}${pathFor('product', other, { slug: slug(p, other) })}">`,
      );
    }
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(r.body)![1]);
    expect(ld[0]).toMatchObject({
      '@type': 'Product',
      sku: p.sku,
      offers: { priceCurrency: LOCALES[code].currency, availability: 'https://schema.org/InStock' },
    });
    expect(ld[1]['@type']).toBe('BreadcrumbList');
    expect(ld[1].itemListElement.length).toBeGreaterThan(2);
    expect(html).toContain('data-testid="breadcrumbs"');
    expect(html).toMatch(/data-testid="add-to-cart"[^>]*data-sku="/);
    expect(html).toMatch(/<title>[^<]+\| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  });

  it('shows tiers that are lower than the previous one, and campaign price with original and percent off', async () => {
    const tiered = products.find((x) => normalizeTiers(x.prices.sv!.prices.n).length > 1 && !x.prices.sv!.prices.c)!;
    const r = await request(at('sv', pathFor('product', 'sv', { slug: slug(tiered, 'sv') })));
    const rows = [...r.body.matchAll(/<tr data-q="(\d+)"/g)].map((m) => Number(m[1]));
    expect(rows).toEqual(normalizeTiers(tiered.prices.sv!.prices.n).map((t) => t.q));

    const camp = products.find((x) => x.prices.fi!.prices.c?.length && x.orderable)!;
    const c = camp.prices.fi!.prices.c![0];
    const page = norm((await request(at('fi', pathFor('product', 'fi', { slug: slug(camp, 'fi') })))).body);
    expect(page).toContain('price--campaign');
    expect(page).toContain(`data-testid="price-ordinary">${norm(formatPrice(c.o, 'fi'))}<`);
    expect(page).toContain(`data-testid="percent-off">Säästä ${c.d} %<`);
    expect(page).toMatch(/\d+,\d{2} €/); // EUR with 2 decimals
    // the prior price (the demo history: the ordinary price until the campaign) named below the price
    expect(page).toContain('Alin hinta 30 päivän aikana ennen alennusta');
    expect(page).toContain(`<span class="price__prior-amount">${norm(formatPrice(c.o, 'fi'))}</span>`);
  });

  it('announces no reduction for a campaign price without price history', async () => {
    const unproven = products.findLast((x) => x.decoration === 'campaign')!;
    expect(unproven.price_history).toEqual({});
    const body = (await request(at('sv', pathFor('product', 'sv', { slug: slug(unproven, 'sv') })))).body;
    // the product's own prices, not the accessories below (they may be reduced)
    const page = body.slice(body.indexOf('<div class="product__info">'), body.indexOf('<section class="product__description">'));
    expect(page).toContain('data-testid="product-name"');
    expect(page).toContain('data-testid="price"');
    expect(page).not.toContain('data-testid="price-ordinary"');
    expect(page).not.toContain('data-testid="percent-off"');
    expect(page).not.toContain('data-testid="prior-price"');
  });

  it('falls back to the placeholder image when a product has none', async () => {
    const bare = products.find((x) => !x.images?.length)!;
    const r = await request(at('da', pathFor('product', 'da', { slug: slug(bare, 'da') })));
    expect(r.body).toMatch(/<img src="\/images\/placeholder.svg"[^>]*data-testid="featured-image"/);
  });

  it('renders stock status with the delivery window in working days, other statuses with their own text', async () => {
    const expectations: Record<string, RegExp> = {
      'in-stock': /data-min="1" data-max="3"[\s\S]*?Leverans inom 1–3 arbetsdagar/,
      'back-order-quick': /data-min="4" data-max="6"[\s\S]*?Leverans inom 4–6 arbetsdagar/,
      'back-order-slow': /data-min="5" data-max="7"[\s\S]*?Leverans inom 5–7 arbetsdagar/,
      discontinued: /data-status="discontinued"[^>]*>\s*<span class="stock__label">Utgått<\/span>\s*<\/p>/,
      'on-order': /data-status="on-order"[^>]*>\s*<span class="stock__label">Beställd – åter i lager 15 februari 2027<\/span>/,
    };
    for (const [status, re] of Object.entries(expectations)) {
      const p = products.find((x) => x.stock_status === status)!;
      const r = await request(at('sv', pathFor('product', 'sv', { slug: slug(p, 'sv') })));
      expect(r.body, status).toMatch(re);
    }
  });

  it('an unknown product is the localized 404', async () => {
    const r = await request(at('nl', '/product/bestaat-niet-999999'));
    expect(r.status).toBe(404);
    expect(r.body).toContain('lang="nl-NL"');
  });
});

describe('listings', () => {
  it('category pages list products of the category and its descendants, with hreflang per localized path', async () => {
    const top = catalogue.categories.find((c) => c.parent_id === null)!;
    const r = await request(at('no', pathFor('product-category-all', 'no', { all: top.translations.no!.slug })));
    expect(r.status).toBe(200);
    const cards = [...r.body.matchAll(/data-testid="product-card" data-sku="([^"]+)"/g)].map((m) => m[1]);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(48);
    const nested = catalogue.categories.filter((c) => c.parent_id === top.id).map((c) => c.id);
    const leaves = new Set(catalogue.categories.filter((c) => nested.includes(c.parent_id ?? -1)).map((c) => c.id));
    for (const sku of cards) {
      const p = products.find((x) => x.sku === sku)!;
      expect(p.categories.some((c) => leaves.has(c.id) || nested.includes(c.id))).toBe(true);
    }
    expect(r.body).toContain(`hreflang="fi-FI" href="${publicOrigin('fi')}/kategoria/${top.translations.fi!.slug}"`);
    // a three-level path works too
    const child = catalogue.categories.find((c) => c.parent_id === top.id)!;
    const leaf = catalogue.categories.find((c) => c.parent_id === child.id)!;
    const deep = await request(
      at('no', `/kategori/${top.translations.no!.slug}/${child.translations.no!.slug}/${leaf.translations.no!.slug}`),
    );
    expect(deep.status).toBe(200);
    expect(deep.body).toContain(`data-testid="category-name">${leaf.translations.no!.name}<`);
  });

  it('brand and tag pages list their products under the localized paths', async () => {
    const brand = catalogue.brands.find((b) => products.some((p) => p.brand_id === b.id))!;
    const b = await request(at('da', `/maerke/${brand.slug}`));
    expect(b.status).toBe(200);
    expect(b.body).toContain('data-testid="product-card"');
    const tag = catalogue.tags.find((t) => products.some((p) => p.tags?.includes(t.id)))!;
    const t = await request(at('no', `/produkt-stikkord/${tag.translations.no!.slug}`));
    expect(t.status).toBe(200);
    expect(t.body).toContain(`data-testid="tag-name">${tag.translations.no!.name}<`);
    expect((await request(at('nl', `/product-tag/${tag.translations.nl!.slug}`))).status).toBe(200);
  });

  it('content pages and the Christmas calendar under their localized paths', async () => {
    const page = catalogue.content_pages!.find((p) => p.locale === 'fi' && p.slug.includes('/'))!;
    const r = await request(at('fi', `/${page.slug}`));
    expect(r.status).toBe(200);
    expect(r.body).toContain(`<h1>${page.title}</h1>`);
    for (const code of LOCALE_CODES) {
      const cal = await request(at(code, pathFor('christmas-calendar', code)));
      expect(cal.status, code).toBe(200);
      expect([...cal.body.matchAll(/data-testid="calendar-door"/g)]).toHaveLength(24);
    }
  });
});

describe('robots.txt and sitemaps per domain', () => {
  const locsIn = (xml: string, tag: 'url' | 'sitemap') => [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]+)</loc>`, 'g'))].map((m) => m[1]);
  /** Each file the index names, fetched from the storefront's own domain. */
  async function sitemaps(code: LocaleCode) {
    const index = await request(at(code, '/sitemap.xml'));
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/xml/);
    expect(index.body).toContain('<sitemapindex');
    const files = [];
    for (const loc of locsIn(index.body, 'sitemap')) {
      expect(loc.startsWith(publicOrigin(code) + '/')).toBe(true);
      const r = await request(at(code, new URL(loc).pathname));
      expect(r.status, loc).toBe(200);
      expect(r.headers['content-type']).toMatch(/xml/);
      files.push({ path: new URL(loc).pathname, body: r.body });
    }
    return files;
  }
  // what the build sold in a storefront: translated and priced there, and not replaced while no longer orderable
  const sold = (code: LocaleCode) =>
    products.filter((p) => p.translations[code] && p.prices[code] && !((p as { replaced_by?: string | null }).replaced_by && !p.orderable));

  it.each(LOCALE_CODES)('%s answers with its own files', async (code) => {
    const robots = await request(at(code, '/robots.txt'));
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain(`Sitemap: ${publicOrigin(code)}/sitemap.xml`);
    expect(robots.body).toContain(`Disallow: ${pathFor('searchresults', code)}`);
    const files = await sitemaps(code);
    const chunks = Math.ceil(sold(code).length / TEST_SITEMAP_CHUNK);
    expect(chunks).toBeGreaterThan(1);
    const models = files.filter((f) => f.path.startsWith('/sitemap-models-'));
    expect(models.length).toBeGreaterThan(0);
    expect(files.map((f) => f.path)).toEqual([
      '/sitemap-pages.xml',
      ...Array.from({ length: chunks }, (_, i) => `/sitemap-products-${i + 1}.xml`),
      ...models.map((_, i) => `/sitemap-models-${i + 1}.xml`),
    ]);
    for (const f of models) expect(locsIn(f.body, 'url').length).toBeLessThanOrEqual(TEST_SITEMAP_CHUNK);
    const locs = files.flatMap((f) => locsIn(f.body, 'url'));
    expect(locs.every((u) => u.startsWith(publicOrigin(code) + '/'))).toBe(true);
    const pages = locsIn(files[0].body, 'url');
    expect(pages).toContain(publicOrigin(code) + pathFor('index', code));
    expect(pages).toContain(publicOrigin(code) + pathFor('christmas-calendar', code));
    expect(pages.some((u) => new URL(u).pathname.startsWith(pathFor('product', code, { slug: 'x' }).slice(0, -1)))).toBe(false);
  });

  const productFiles = async (code: LocaleCode) => (await sitemaps(code)).filter((f) => f.path.startsWith('/sitemap-products-'));

  it.each(LOCALE_CODES)('%s: the product sitemaps hold every product it sells once, at most the chunk size each', async (code) => {
    const files = await productFiles(code);
    for (const f of files) expect(locsIn(f.body, 'url').length).toBeLessThanOrEqual(TEST_SITEMAP_CHUNK);
    const locs = files.flatMap((f) => locsIn(f.body, 'url'));
    const expected = sold(code).map((p) => publicOrigin(code) + pathFor('product', code, { slug: slug(p, code) }));
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(new Set(locs).size).toBe(locs.length);
    const gone = products.filter((p) => (p as { replaced_by?: string | null }).replaced_by && !p.orderable);
    expect(gone.length).toBeGreaterThan(0);
    for (const p of gone) expect(locs).not.toContain(publicOrigin(code) + pathFor('product', code, { slug: slug(p, code) }));
  });

  it('gives a product its hreflang alternates on every storefront, and its lastmod', async () => {
    const p = sold('nl')[0];
    const files = await productFiles('nl');
    const own = publicOrigin('nl') + pathFor('product', 'nl', { slug: slug(p, 'nl') });
    const entry = files.map((f) => new RegExp(`<url><loc>${own}</loc>(.*?)</url>`).exec(f.body)?.[1]).find(Boolean)!;
    expect(entry).toMatch(/^<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    for (const other of LOCALE_CODES)
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="${LOCALES[other].iso}" href="${publicOrigin(other)}${pathFor('product', other, { slug: slug(p, other) })}"/>`,
      );
  });
});
