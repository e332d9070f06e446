/**
 * The external search provider's configuration from the environment (README.md, docs/product/search.md#providers):
 * PARTSFRONT_DEPICT_MERCHANT, PARTSFRONT_DEPICT_URL, PARTSFRONT_DEPICT_TIMEOUT_MS, PARTSFRONT_DEPICT_MARKETS.
 * The internal engine is the default: without PARTSFRONT_DEPICT_MERCHANT there is no external provider and
 * `external` requests get the internal engine (the experiment's default asks for `external`; a shop that has
 * not signed up with the provider must still search well). With a merchant and no URL, outside production the
 * local sandbox's Depict emulator answers (like the payment providers), in production Depict itself.
 */
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { sandboxUrl, timeoutMs, type Env } from '#server/providers/provider-config.ts';

export const DEPICT_API_URL = 'https://api.depict.ai';
/** The emulator's merchant (sandbox/README.md#depict). */
export const SANDBOX_DEPICT_MERCHANT = 'partsfront';
/** The whole time a search may wait for the provider (every cursor page included) before the internal engine answers. */
export const DEPICT_DEFAULT_TIMEOUT_MS = 800;

export interface DepictConfig {
  /** Base URL without /v4, e.g. https://api.depict.ai or http://127.0.0.1:4330/depict. */
  baseUrl: string;
  /** The store's name in Depict, lower case. */
  merchant: string;
  timeoutMs: number;
  /** Depict market per storefront. */
  markets: Record<LocaleCode, string>;
}

/** `sv=se,no=no` → markets; storefronts not named keep their country code in lower case (se, no, dk, fi, nl). */
function markets(value: string | undefined): Record<LocaleCode, string> {
  const out = Object.fromEntries(LOCALE_CODES.map((c) => [c, LOCALES[c].countryCode.toLowerCase()])) as Record<LocaleCode, string>;
  for (const pair of (value ?? '').split(',')) {
    const [locale, market] = pair.split('=').map((s) => s.trim());
    if ((LOCALE_CODES as readonly string[]).includes(locale) && market) out[locale as LocaleCode] = market;
  }
  return out;
}

export function depictConfig(env: Env = process.env): DepictConfig | null {
  const merchant = (env.PARTSFRONT_DEPICT_MERCHANT ?? '').trim().toLowerCase();
  if (!merchant) return null;
  const box = sandboxUrl(env);
  const baseUrl = (env.PARTSFRONT_DEPICT_URL || (box ? `${box}/depict` : DEPICT_API_URL)).replace(/\/+$/, '');
  return {
    baseUrl,
    merchant,
    timeoutMs: timeoutMs(env.PARTSFRONT_DEPICT_TIMEOUT_MS, DEPICT_DEFAULT_TIMEOUT_MS),
    markets: markets(env.PARTSFRONT_DEPICT_MARKETS),
  };
}
