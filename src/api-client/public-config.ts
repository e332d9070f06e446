/**
 * Which optional services this storefront has (GET /api/public-config, docs/product/api.md#public-config): asked
 * once per tab and kept 5 minutes in sessionStorage (the answer's own max-age), shared by every island of the
 * page. Null when it cannot be read: callers then treat every optional service as off and stay silent.
 */
import type { PublicConfig } from '#lib/api/public-config-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { getJson, pageLocale } from './http.ts';

const KEEP_MS = 300_000;
const key = () => `td02:public-config:${pageLocale()}`;

function stored(now: number): PublicConfig | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key()) ?? 'null') as { at: number; config: PublicConfig } | null;
    return saved && now - saved.at < KEEP_MS && now >= saved.at ? saved.config : null;
  } catch {
    return null;
  }
}

async function load(): Promise<PublicConfig | null> {
  const now = Date.now();
  const known = stored(now);
  if (known) return known;
  const r = await getJson<PublicConfig>(API_PATHS.publicConfig).catch(() => null);
  if (!r?.ok || typeof r.data?.personalisation !== 'boolean' || typeof r.data.external_recommendations !== 'boolean') return null;
  const config: PublicConfig = { personalisation: r.data.personalisation, external_recommendations: r.data.external_recommendations };
  try {
    sessionStorage.setItem(key(), JSON.stringify({ at: now, config }));
  } catch {
    /* storage disabled: asked again on the next page (the browser's HTTP cache still answers) */
  }
  return config;
}

let asked: Promise<PublicConfig | null> | undefined;
export function publicConfig(): Promise<PublicConfig | null> {
  asked ??= load();
  return asked;
}
