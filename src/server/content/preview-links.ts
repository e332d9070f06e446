/**
 * The preview links' key: derived from the access-token key every node shares (shared-auth-secret.ts), so a
 * link made on one node opens on every other; a process with none (astro dev) falls back to a random key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { registeredAuthSecret } from '#server/auth/shared-auth-secret.ts';
import { PREVIEW_LINK_SECONDS, previewQuery, verifyPreview, type PreviewVerdict } from '#server/content/preview-signature.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

const fallback = randomBytes(32).toString('hex');

function previewKey(): string {
  const base = process.env.PARTSFRONT_AUTH_SECRET || registeredAuthSecret() || fallback;
  return createHmac('sha256', base).update('partsfront content preview').digest('hex');
}

/** The storefront-relative preview link of a draft, valid for `seconds` (1 hour by default). */
export function previewLink(draftId: string, locale: LocaleCode, now = new Date(), seconds = PREVIEW_LINK_SECONDS) {
  const expires = Math.floor(now.getTime() / 1000) + seconds;
  return {
    href: `${pathFor('page-preview', locale)}?${previewQuery(previewKey(), { draftId, locale, expires })}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function checkPreviewLink(params: URLSearchParams, locale: LocaleCode, now = new Date()): PreviewVerdict {
  return verifyPreview(previewKey(), params, locale, Math.floor(now.getTime() / 1000));
}
