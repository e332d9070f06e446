/**
 * The external recommendation provider's configuration: Depict's, as for search (depict-config.ts:
 * PARTSFRONT_DEPICT_MERCHANT — without it there is no external provider —, _URL, _TIMEOUT_MS, _MARKETS), plus
 * what only recommendations need: the recommendation `type` Depict configured for the product page
 * (PARTSFRONT_DEPICT_RECOMMENDATION_TYPE, default `cross_sell`, Depict's documented example) and the locale v3
 * requires per request (each storefront's language as the emulator's markets name it: sv, nb, da, fi, nl).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { depictConfig, type DepictConfig } from '#server/search/providers/depict-config.ts';
import type { Env } from '#server/providers/provider-config.ts';

export const DEFAULT_RECOMMENDATION_TYPE = 'cross_sell';
/** Depict locale of each storefront (Norwegian is Bokmål). */
export const DEPICT_LOCALES: Record<LocaleCode, string> = { sv: 'sv', no: 'nb', da: 'da', fi: 'fi', nl: 'nl' };

export interface DepictRecommendConfig extends DepictConfig {
  type: string;
}

export function depictRecommendConfig(env: Env = process.env): DepictRecommendConfig | null {
  const base = depictConfig(env);
  if (!base) return null;
  return { ...base, type: (env.PARTSFRONT_DEPICT_RECOMMENDATION_TYPE ?? '').trim() || DEFAULT_RECOMMENDATION_TYPE };
}
