/**
 * The retail personalisation service's tracking call (docs/product/tracking.md#personalisation-service):
 *   PARTSFRONT_PERSONALISATION_URL           the tracking URL (POST { websiteUUid } → { id }; purchases go there too)
 *   PARTSFRONT_PERSONALISATION_WEBSITE_<SV|NO|DA|FI|NL>  the storefront's websiteUUid at the service
 *   PARTSFRONT_PERSONALISATION_TIMEOUT_MS    default 2000
 * Without a URL, when PARTSFRONT_DEPICT_MERCHANT is set and the local sandbox is on (not production), the
 * sandbox's Depict emulator answers (sandbox/depict/depict-tracking.ts) with fixed sandbox website ids.
 * No URL at all → the call is off and the browser asks nothing.
 */
import { z } from 'zod';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { sandboxUrl, timeoutMs, type Env } from '#server/providers/provider-config.ts';

export interface PersonalisationConfig {
  url: string;
  websiteUuid: string;
  timeoutMs: number;
}

/** The emulator's website id of a storefront: 00000000-0000-4000-8000-00000000000{storeID}. */
export const sandboxWebsiteUuid = (locale: LocaleCode): string =>
  `00000000-0000-4000-8000-${String(LOCALES[locale].storeID).padStart(12, '0')}`;

const uuid = z.uuid();

export function personalisationConfig(locale: LocaleCode, env: Env = process.env): PersonalisationConfig | null {
  const merchant = (env.PARTSFRONT_DEPICT_MERCHANT ?? '').trim().toLowerCase();
  const box = sandboxUrl(env);
  const configured = (env.PARTSFRONT_PERSONALISATION_URL ?? '').trim();
  const url = configured || (merchant && box ? `${box}/depict/tracking/${encodeURIComponent(merchant)}` : '');
  if (!url) return null;
  const website = (env[`PARTSFRONT_PERSONALISATION_WEBSITE_${locale.toUpperCase()}`] ?? '').trim();
  const websiteUuid = website || (configured ? '' : sandboxWebsiteUuid(locale));
  if (!uuid.safeParse(websiteUuid).success) return null;
  return { url: url.replace(/\/+$/, ''), websiteUuid, timeoutMs: timeoutMs(env.PARTSFRONT_PERSONALISATION_TIMEOUT_MS, 2000) };
}
