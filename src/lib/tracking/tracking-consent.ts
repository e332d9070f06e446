/**
 * What each consent category allows (docs/product/consent.md#what-each-category-allows). Pure: the value is
 * the __consent bit set (src/lib/consent/flags.ts); without a saved choice only Necessary holds.
 */
import { ConsentFlag, has } from '#lib/consent/flags.ts';

export interface TrackingPermissions {
  /** Page views and ecommerce events in the dataLayer (Statistics). */
  analytics: boolean;
  /** The tag manager's script: loaded once Statistics or Marketing is granted (its tags then follow Consent Mode). */
  tagManager: boolean;
  /** The retail personalisation service's visitor id and its purchase tracking (Personalised ads + user data). */
  personalisation: boolean;
  /** Preferences such as the remembered storefront (the locale cookie): granted with the personalisation toggle. */
  preferences: boolean;
}

export function trackingPermissions(consent: number | undefined): TrackingPermissions {
  const v = consent ?? 0;
  const analytics = has(v, ConsentFlag.AnalyticsStorage);
  const personalisation = has(v, ConsentFlag.AdPersonalization | ConsentFlag.AdUserData);
  return {
    analytics,
    tagManager: analytics || has(v, ConsentFlag.AdStorage),
    personalisation,
    preferences: personalisation,
  };
}
