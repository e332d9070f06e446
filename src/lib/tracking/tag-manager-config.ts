/**
 * The tag manager container per storefront (docs/product/tracking.md#tag-manager): PARTSFRONT_GTM_SV,
 * PARTSFRONT_GTM_NO, … each a Google Tag Manager container id. None configured → no external script loads
 * and the page's CSP names no other host. Pure: the environment is passed in.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
/** GTM-XXXXXXX: letters and digits after the prefix. */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** The container id for a storefront, or null (unset, empty or malformed: a malformed id must not reach a script URL). */
export function tagManagerContainer(locale: LocaleCode, env: Record<string, string | undefined>): string | null {
  const id = (env[`PARTSFRONT_GTM_${locale.toUpperCase()}`] ?? '').trim().toUpperCase();
  return CONTAINER_ID.test(id) ? id : null;
}

export function tagManagerScriptUrl(containerId: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
}

/** The data block the page carries (BodyEnd): its id lets the host's CSP see that this page may load the container. */
export const TRACKING_PROPS_ID = 'pf-tracking-props';
const TAG_MANAGER_MARK = /<script type="application\/json" id="pf-tracking-props">[^<]*"gtm":"GTM-[A-Z0-9]{4,12}"/;

/** Does this HTML declare a tag manager container (so its CSP must allow the tag manager's host)? */
export function declaresTagManager(html: string): boolean {
  return TAG_MANAGER_MARK.test(html);
}
