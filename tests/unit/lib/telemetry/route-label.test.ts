import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_PATTERNS, endpointLabel, methodLabel, routeLabel } from '#lib/telemetry/route-label.ts';
import { resolveRequest } from '#lib/routing/request-mapping.ts';
import { parseDomains } from '#lib/market/locales.ts';

const domains = parseDomains(undefined);
/** The label of a request the way the host computes it: routing first, then the label. */
const label = (host: string, url: string) => {
  const pathname = new URL(url, 'http://x').pathname;
  return routeLabel(resolveRequest(host, pathname, domains), pathname);
};
const sv = domains.sv;

/** Every endpoint file under src/pages (api, admin, captuerr, media) as a pattern: `[x]` → `:x`, index → its folder. */
function endpointFiles(): string[] {
  const root = path.resolve('src/pages');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts')) out.push('/' + path.relative(root, full).replace(/\.ts$/, '').split(path.sep).join('/'));
    }
  };
  walk(path.join(root, 'api'));
  walk(path.join(root, 'admin'));
  walk(path.join(root, 'media'));
  out.push('/captuerr');
  return out
    .filter((p) => !p.includes('[...'))
    .map((p) => p.replace(/\/index$/, '').replace(/\[([^\]]+)\]/g, ':$1'))
    .sort();
}

describe('route labels', () => {
  it('knows every endpoint under src/pages', () => {
    expect([...ENDPOINT_PATTERNS].sort()).toEqual(endpointFiles());
  });

  it('names a storefront page by its route table name, never its slug or id', () => {
    expect(label(sv, '/')).toBe('index');
    expect(label(sv, '/checkout/confirmation/PF-2024-000123?token=secret')).toBe('checkout-confirmation-id');
    expect(label(sv, '/my-order/PF-2024-000123')).toBe('my-order-id');
    expect(label(sv, '/sok?q=anna%40example.com')).toBe('searchresults');
  });

  it('gives endpoints their pattern: ids, tokens and order numbers become placeholders', () => {
    expect(label(sv, '/api/checkout/6f1c2b9e-1111-4a4a-9b9b-123456789abc/place')).toBe('/api/checkout/:id/place');
    expect(label(sv, '/api/checkout')).toBe('/api/checkout');
    expect(label(sv, '/api/operator/orders/PF-2024-000123/ship')).toBe('/api/operator/orders/:number/:action');
    expect(label(sv, '/api/payments/adyen/notifications')).toBe('/api/payments/:provider/notifications');
    expect(label(sv, '/api/widget-by-slug/anna@example.com')).toBe('/api/widget-by-slug/:slug');
    expect(label(sv, '/api/auth/token-login?token=abcdef')).toBe('/api/auth/token-login');
    expect(label(sv, '/captuerr')).toBe('/captuerr');
    expect(label(sv, '/media/0123456789abcdef0123456789abcdef-480.webp')).toBe('/media/:file');
  });

  it('folds what is not a known endpoint into fixed labels', () => {
    expect(label(sv, '/api/no/such/thing/anna@example.com')).toBe('/api/*');
    expect(label(sv, '/_astro/page.abc123.js')).toBe('asset');
    expect(label(sv, '/images/products/4711.webp')).toBe('asset');
    expect(label(sv, '/robots.txt')).toBe('/robots.txt');
    expect(label(sv, '/sitemap.xml')).toBe('/sitemap.xml');
    expect(label(sv, '/sitemap-pages.xml')).toBe('/sitemap-pages.xml');
    expect(label(sv, '/sitemap-products-17.xml')).toBe('/sitemap-products-:n.xml');
    expect(label(sv, '/sitemap-models-2.xml')).toBe('/sitemap-models-:n.xml');
    // an unknown path falls to the content pages' catch-all route (a 404 when there is no such page)
    expect(label(sv, '/no/such/page/PF-2024-000123')).toBe('content');
    expect(label('evil.example', '/anything/secret')).toBe('unknown-host');
    expect(routeLabel('healthz', '/healthz')).toBe('healthz');
  });

  it('never lets a query value, an e-mail, a token or an order number through', () => {
    const secrets = ['anna@example.com', 'anna%40example.com', 'tok_9f8e7d', 'PF-2024-000123', '6f1c2b9e'];
    const urls = [
      '/api/checkout/6f1c2b9e/return?token=tok_9f8e7d',
      '/api/operator/orders/PF-2024-000123/cancel',
      '/api/subscriptions/6f1c2b9e',
      '/api/unknown/anna@example.com',
      '/checkout/6f1c2b9e?email=anna%40example.com',
      '/track-order/PF-2024-000123',
      '/my-order/return/PF-2024-000123',
      '/PF-2024-000123/anna@example.com',
      '/admin/tok_9f8e7d',
    ];
    for (const url of urls) {
      const l = label(sv, url);
      for (const s of secrets) expect(l, url).not.toContain(s);
    }
    expect(endpointLabel('/api/auth/login-link')).toBe('/api/auth/login-link');
  });

  it('keeps methods to a fixed set', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(methodLabel(undefined)).toBe('OTHER');
  });
});
