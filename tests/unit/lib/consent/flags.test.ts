import { describe, expect, it } from 'vitest';
import {
  allowAll,
  consentCookie,
  consentMaxAge,
  consentModeSignals,
  ConsentFlag,
  fromChoices,
  readConsent,
  rejectAll,
} from '#lib/consent/flags.ts';

describe('cookie consent', () => {
  it('has the flag values', () => {
    expect(ConsentFlag).toEqual({ Necessary: 1, AdStorage: 2, AnalyticsStorage: 4, AdPersonalization: 8, AdUserData: 16 });
    expect(allowAll()).toBe(31);
    expect(rejectAll()).toBe(1);
  });
  it('saving settings always includes Necessary; personalization also grants user data', () => {
    expect(fromChoices({ adStorage: false, analyticsStorage: false, adPersonalization: false })).toBe(1);
    expect(fromChoices({ adStorage: false, analyticsStorage: true, adPersonalization: false })).toBe(5);
    expect(fromChoices({ adStorage: true, analyticsStorage: false, adPersonalization: true })).toBe(1 + 2 + 8 + 16);
  });
  it('keeps the cookie 30 days when anything was granted, else 1 day', () => {
    expect(consentMaxAge(31)).toBe(30 * 86400);
    expect(consentMaxAge(5)).toBe(30 * 86400);
    expect(consentMaxAge(1)).toBe(86400);
    expect(consentCookie(1)).toBe('__consent=1; Max-Age=86400; Path=/; SameSite=Lax');
  });
  it('reads a saved value, ignoring garbage', () => {
    expect(readConsent('a=b; __consent=5; c=d')).toBe(5);
    expect(readConsent('x__consent=5')).toBeUndefined();
    expect(readConsent('__consent=99')).toBeUndefined();
    expect(readConsent('')).toBeUndefined();
  });
  it('maps to Consent Mode v2 signals', () => {
    expect(consentModeSignals(1)).toEqual({
      ad_storage: 'denied',
      analytics_storage: 'denied',
      ad_personalization: 'denied',
      ad_user_data: 'denied',
    });
    expect(consentModeSignals(5)).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
    expect(Object.values(consentModeSignals(31))).toEqual(['granted', 'granted', 'granted', 'granted']);
  });
});
