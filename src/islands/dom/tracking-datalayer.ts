/**
 * The dataLayer as tracking writes it (docs/product/tracking.md#consent): events go in only with Statistics
 * consent. Events of this page that happen before the visitor decides wait in memory (at most MAX_WAITING) and
 * go in if Statistics is then granted; a refusal drops them. Nothing is stored.
 */
import type { Ga4Event } from '#lib/tracking/ga4-events.ts';
import type { PageViewEvent } from '#lib/tracking/page-view.ts';
import { onConsentChange, permissions } from './tracking-consent.ts';

type TrackingEvent = Ga4Event | PageViewEvent;
const MAX_WAITING = 50;
let waiting: TrackingEvent[] = [];
let watching = false;

function push(e: TrackingEvent): void {
  const dl = (window.dataLayer ??= []);
  // GA4's advice: clear the previous ecommerce object so its fields do not merge into the next event
  if ('ecommerce' in e) dl.push({ ecommerce: null });
  dl.push(e);
}

export function trackEvent(e: TrackingEvent): void {
  try {
    if (!watching) {
      watching = true;
      onConsentChange((p) => {
        const queued = waiting;
        waiting = [];
        if (p.analytics) queued.forEach(push);
      });
    }
    if (permissions().analytics) push(e);
    else if (waiting.length < MAX_WAITING) waiting.push(e);
  } catch {
    /* tracking fails silently (docs/product/errors.md#silent-failures) */
  }
}
