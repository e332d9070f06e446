/** Query-driven behaviour (docs/product/routes.md#query-parameters): atc preload, disc code, campaign capture, overrides. */
import { SPINNER_MAX } from '#lib/cart/client-spinner.ts';

export interface AtcEntry {
  sku: string;
  quantity: number;
}

/** base64("sku:qty;sku:qty") → entries; malformed pairs are skipped, quantities forced into 1–5000. */
export function parseAtc(encoded: string | null | undefined): AtcEntry[] {
  if (!encoded) return [];
  let text: string;
  try {
    text = atob(encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, ''));
  } catch {
    return [];
  }
  const out: AtcEntry[] = [];
  for (const pair of text.split(';')) {
    const [sku, qty] = pair.split(':').map((s) => s?.trim());
    const quantity = Math.trunc(Number(qty ?? '1'));
    if (!sku || !Number.isFinite(quantity) || quantity < 1) continue;
    out.push({ sku, quantity: Math.min(quantity, SPINNER_MAX) });
  }
  return out;
}

export function encodeAtc(entries: readonly AtcEntry[]): string {
  return btoa(entries.map((e) => `${e.sku}:${e.quantity}`).join(';'));
}

/** docs/product/routes.md#disc: letters, digits or hyphens, at least 3 long; anything else is ignored. */
export function validDisc(code: string | null | undefined): string | undefined {
  const c = code?.trim();
  return c && /^[A-Za-z0-9-]{3,}$/.test(c) ? c : undefined;
}

/** The discount route code: at least 3 letters or digits. */
export function validRouteDiscount(code: string | null | undefined): boolean {
  return !!code && /^[A-Za-z0-9]{3,}$/.test(code);
}

export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id', 'gclid'] as const;

export function campaignParams(params: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const k of CAMPAIGN_KEYS) {
    const v = params.get(k);
    if (v) out[k] = v.slice(0, 200);
  }
  return Object.keys(out).length ? out : undefined;
}

export interface Overrides {
  shipping_processor?: string;
  search_provider?: string;
  recommendation_provider?: string;
  stock_dates?: 'days_date_format' | 'default_format';
}

export function parseOverrides(params: URLSearchParams): Overrides {
  const out: Overrides = {};
  const name = (k: 'shipping_processor' | 'search_provider' | 'recommendation_provider') => {
    const v = params.get(k);
    if (v && /^[a-z0-9_-]{1,40}$/i.test(v)) out[k] = v.toLowerCase();
  };
  name('shipping_processor');
  name('search_provider');
  name('recommendation_provider');
  const sd = params.get('stock_dates');
  if (sd === 'days_date_format' || sd === 'default_format') out.stock_dates = sd;
  return out;
}

/** Flags handled once and then removed from the address bar (a token must not linger in history). */
export const ONE_SHOT_KEYS = ['login', 'change_password', 'token', 'set_password', 'atc', 'disc'] as const;

export function withoutOneShot(search: string): string {
  const p = new URLSearchParams(search);
  for (const k of ONE_SHOT_KEYS) p.delete(k);
  const s = p.toString();
  return s ? `?${s}` : '';
}
