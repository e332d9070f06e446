/**
 * Signed, expiring preview links (docs/product/content-editing.md#preview-links): an HMAC-SHA256 over the
 * draft id, the storefront's locale and the expiry, so a link opens one draft in one storefront until it
 * expires. The key is passed in (preview-links.ts owns it), so this is tested without a server.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PREVIEW_LINK_SECONDS = 3600;

export interface PreviewClaim {
  draftId: string;
  locale: string;
  /** Unix seconds after which the link is refused. */
  expires: number;
}

export type PreviewVerdict =
  { ok: true; claim: PreviewClaim } | { ok: false; reason: 'missing' | 'forged' | 'expired' | 'other_storefront' };

export function signPreview(key: string, claim: PreviewClaim): string {
  return createHmac('sha256', key).update(`preview\n${claim.draftId}\n${claim.locale}\n${claim.expires}`).digest('base64url');
}

/** Checks a link's query (draft, exp, sig) for the storefront it was opened on. */
export function verifyPreview(key: string, params: URLSearchParams, locale: string, nowSeconds: number): PreviewVerdict {
  const draftId = params.get('draft') ?? '';
  const expText = params.get('exp') ?? '';
  const sig = params.get('sig') ?? '';
  const link = params.get('locale') ?? locale;
  if (!draftId || !/^\d{1,12}$/.test(expText) || !sig) return { ok: false, reason: 'missing' };
  const claim = { draftId, locale: link, expires: Number(expText) };
  const want = Buffer.from(signPreview(key, claim));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: 'forged' };
  if (link !== locale) return { ok: false, reason: 'other_storefront' };
  if (claim.expires <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claim };
}

export function previewQuery(key: string, claim: PreviewClaim): string {
  const q = new URLSearchParams({ draft: claim.draftId, locale: claim.locale, exp: String(claim.expires) });
  q.set('sig', signPreview(key, claim));
  return q.toString();
}
