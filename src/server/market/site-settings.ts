/**
 * Deployment settings from the environment (read at build time for static pages, at run time for the server):
 *   PARTSFRONT_DOMAINS  "sv=example.se,no=example.no,…" (default {locale}.localhost)
 *   PARTSFRONT_PUBLIC_SCHEME  http | https (default http for *.localhost, else https)
 *   PARTSFRONT_PUBLIC_PORT    port in public links (default PORT, or 4321 on *.localhost; none for 80/443)
 */
import { parseDomains } from '#lib/market/locales.ts';
import { storefrontOrigins } from '#lib/market/origins.ts';
import { adminDomain } from '#lib/backoffice/backoffice-paths.ts';

export function siteSettings(env: Record<string, string | undefined> = process.env) {
  const domains = parseDomains(env.PARTSFRONT_DOMAINS);
  const local = domains.sv.endsWith('.localhost');
  const port = env.PARTSFRONT_PUBLIC_PORT ?? (local ? (env.PORT ?? '4321') : undefined);
  return { domains, origins: storefrontOrigins({ domains: env.PARTSFRONT_DOMAINS, scheme: env.PARTSFRONT_PUBLIC_SCHEME, port }) };
}

/**
 * The back office's public origin (PARTSFRONT_ADMIN_DOMAIN, docs/product/back-office.md#host): scheme and port as
 * the storefronts get theirs (http and PORT on *.localhost unless PARTSFRONT_PUBLIC_SCHEME/_PORT say otherwise).
 */
export function backofficeOrigin(env: Record<string, string | undefined> = process.env): string {
  const domain = adminDomain(env);
  const local = domain.endsWith('.localhost') || domain === 'localhost';
  const scheme =
    env.PARTSFRONT_PUBLIC_SCHEME === 'https' || env.PARTSFRONT_PUBLIC_SCHEME === 'http'
      ? env.PARTSFRONT_PUBLIC_SCHEME
      : local
        ? 'http'
        : 'https';
  const port = env.PARTSFRONT_PUBLIC_PORT ?? (local ? (env.PORT ?? '4321') : undefined);
  const shown = port && port !== (scheme === 'https' ? '443' : '80') ? `:${port}` : '';
  return `${scheme}://${domain}${shown}`;
}
