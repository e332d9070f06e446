/**
 * Measuring the shop (docs/product/tracking.md), started by the page script: page views and GA4 ecommerce
 * events into the dataLayer (Statistics consent), the tag manager (if configured, with consent), the
 * personalisation service (personalisation consent), social proof on product pages, the locale cookie
 * (preferences), stock status dates per experiment. Every part fails silently on its own (docs/product/errors.md#silent-failures).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { TRACKING_PROPS_ID } from '#lib/tracking/tag-manager-config.ts';
import { watchPageViews } from './tracking-page-views.ts';
import { watchEcommerce } from './tracking-ecommerce.ts';
import { watchTagManager } from './tracking-tag-manager.ts';
import { watchPersonalisation } from './tracking-personalisation.ts';
import { showSocialProof } from './social-proof.ts';
import { watchLocaleCookie, type LocaleHintStrings } from './locale-cookie.ts';
import { onStockDatesOff } from './stock-dates.ts';
import { showDeliveryDates } from './delivery-dates.ts';

interface TrackingProps {
  gtm: string | null;
  t: LocaleHintStrings;
}

export function startTracking(locale: LocaleCode): void {
  let props: TrackingProps | undefined;
  try {
    props = JSON.parse(document.getElementById(TRACKING_PROPS_ID)?.textContent ?? 'null') as TrackingProps | undefined;
  } catch {
    props = undefined;
  }
  for (const step of [
    () => watchTagManager(props?.gtm ?? null),
    () => watchPageViews(locale),
    () => watchEcommerce(locale),
    watchPersonalisation,
    showSocialProof,
    () => watchLocaleCookie(locale, props?.t),
    () => onStockDatesOff(() => showDeliveryDates()),
  ]) {
    try {
      step();
    } catch {
      /* silent */
    }
  }
}
