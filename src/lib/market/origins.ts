/** Public origin (scheme://domain[:port]) of each storefront: for cross-domain links, canonical and hreflang. */
import { LOCALE_CODES, parseDomains, type LocaleCode } from './locales.ts';

export interface OriginSettings {
  domains?: string;
  scheme?: string;
  port?: string;
}

export function storefrontOrigins(s: OriginSettings): Record<LocaleCode, string> {
  const domains = parseDomains(s.domains);
  const scheme = s.scheme === 'https' ? 'https' : s.scheme === 'http' ? 'http' : domains.sv.endsWith('.localhost') ? 'http' : 'https';
  const defaultPort = scheme === 'https' ? '443' : '80';
  const port = s.port && s.port !== defaultPort ? `:${s.port}` : '';
  return Object.fromEntries(LOCALE_CODES.map((c) => [c, `${scheme}://${domains[c]}${port}`])) as Record<LocaleCode, string>;
}
