/**
 * A build's static pages laid out per domain under their public, localized addresses (docs/product/performance.md#static-export),
 * for a static server or CDN in front of the nodes: `<out>/<domain>/produkt/x/index.html` and its `.br`/`.gz`,
 * `404.html`, `robots.txt`, the sitemaps and the shared assets. Every entry is a symbolic link into the build, so a
 * page the nodes re-render (docs/adr/0017-incremental-pages.md) is served new at once. Each domain also gets
 * `_headers` (the per-path header file Netlify and Cloudflare Pages read) and `nginx-csp.map` (for an nginx `map`):
 * the Content-Security-Policy of each page with the hashes of its own inline scripts, and the nodes' other headers.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LocaleCode } from '#lib/market/locales.ts';
import { isLocaleCode } from '#lib/market/locales.ts';
import { publicPagePath } from '#lib/routing/public-page-path.ts';
import { SITEMAP_PATH } from '#lib/routing/sitemap-files.ts';
import { commonSecurityHeaders } from '#lib/security/security-headers.ts';
import { htmlCspFor } from '#server/http/html-csp.ts';

export interface ExportResult {
  domains: Record<string, { pages: number; dir: string }>;
}

function link(target: string, at: string): void {
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.rmSync(at, { force: true, recursive: true });
  fs.symlinkSync(target, at);
}

function* pageFiles(dir: string, prefix: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* pageFiles(full, `${prefix}/${e.name}`);
    else if (e.name === 'index.html') yield prefix || '/';
  }
}

/** Writes the per-domain trees of the build in `buildDir` into `outDir` (replacing what an earlier export left). */
export function exportStatic(buildDir: string, outDir: string, domains: Record<LocaleCode, string>, https: boolean): ExportResult {
  const client = path.resolve(buildDir, 'client');
  const result: ExportResult = { domains: {} };
  const common = commonSecurityHeaders(https);
  const shared = fs.readdirSync(client).filter((name) => !isLocaleCode(name));
  for (const [locale, domain] of Object.entries(domains) as [LocaleCode, string][]) {
    const root = path.resolve(outDir, domain);
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    for (const name of shared) link(path.join(client, name), path.join(root, name));
    // robots.txt and the sitemaps (index, pages, product chunks: docs/product/routes.md#robotstxt-and-sitemap)
    for (const name of fs.readdirSync(path.join(client, locale)))
      if (name === 'robots.txt' || SITEMAP_PATH.test(`/${name}`)) link(path.join(client, locale, name), path.join(root, name));
    const notFound = path.join(client, locale, '404', 'index.html');
    if (fs.existsSync(notFound)) link(notFound, path.join(root, '404.html'));

    const headers: string[] = [];
    const csp: string[] = [];
    let pages = 0;
    for (const internal of pageFiles(path.join(client, locale), `/${locale}`)) {
      const pub = publicPagePath(internal);
      if (!pub || pub.locale !== locale) continue;
      const source = path.join(client, ...internal.split('/').filter(Boolean), 'index.html');
      const target = path.join(root, ...decodeURI(pub.path).split('/').filter(Boolean), 'index.html');
      for (const suffix of ['', '.br', '.gz']) if (fs.existsSync(source + suffix)) link(source + suffix, target + suffix);
      const policy = htmlCspFor(fs.readFileSync(source, 'utf8'));
      headers.push(pub.path, `  Content-Security-Policy: ${policy}`, '  Cache-Control: public, max-age=0, must-revalidate');
      csp.push(`${JSON.stringify(pub.path)} ${JSON.stringify(policy)};`);
      pages++;
    }
    const everywhere = Object.entries(common)
      .filter(([name]) => name !== 'content-security-policy')
      .map(([name, value]) => `  ${name}: ${value}`);
    fs.writeFileSync(
      path.join(root, '_headers'),
      ['/*', ...everywhere, '/_astro/*', '  Cache-Control: public, max-age=31536000, immutable', ...headers, ''].join('\n'),
    );
    fs.writeFileSync(path.join(root, 'nginx-csp.map'), csp.join('\n') + '\n');
    result.domains[domain] = { pages, dir: root };
  }
  return result;
}
