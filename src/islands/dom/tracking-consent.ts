/**
 * The visitor's consent as tracking needs it (docs/product/consent.md#what-each-category-allows): read from the
 * __consent cookie now, and followed when the consent bar saves a choice (the `pf:consent` event).
 */
import { readConsent } from '#lib/consent/flags.ts';
import { trackingPermissions, type TrackingPermissions } from '#lib/tracking/tracking-consent.ts';

export const CONSENT_EVENT = 'pf:consent';

export function permissions(): TrackingPermissions {
  try {
    return trackingPermissions(readConsent(document.cookie));
  } catch {
    return trackingPermissions(undefined);
  }
}

/** Runs `fn` with the new permissions whenever the visitor saves a consent choice on this page. */
export function onConsentChange(fn: (p: TrackingPermissions) => void): void {
  addEventListener(CONSENT_EVENT, () => fn(permissions()));
}
