/**
 * The tag manager container (docs/product/tracking.md#tag-manager): loaded only when this storefront has one
 * configured (the page's tracking props name it) and the visitor granted Statistics or Marketing — now or
 * later on this page. Its tags then follow Consent Mode v2, which ConsentHead set before anything else.
 */
import { tagManagerScriptUrl } from '#lib/tracking/tag-manager-config.ts';
import { onConsentChange, permissions } from './tracking-consent.ts';

let loaded = false;

function load(containerId: string): void {
  if (loaded) return;
  loaded = true;
  (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const s = document.createElement('script');
  s.async = true;
  s.src = tagManagerScriptUrl(containerId);
  s.dataset.testid = 'tag-manager';
  document.head.append(s);
}

export function watchTagManager(containerId: string | null): void {
  if (!containerId) return;
  if (permissions().tagManager) load(containerId);
  else onConsentChange((p) => p.tagManager && load(containerId));
}
