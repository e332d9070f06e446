import { describe, expect, it } from 'vitest';
import { declaresTagManager, tagManagerContainer, tagManagerScriptUrl } from '#lib/tracking/tag-manager-config.ts';
import { trackingPermissions } from '#lib/tracking/tracking-consent.ts';
import { isPersonalPage, pageViewEvent, PAGE_VIEW_DELAY_MS, type PageFacts } from '#lib/tracking/page-view.ts';
import { htmlContentSecurityPolicy } from '#lib/security/security-headers.ts';
import { allowAll, fromChoices, rejectAll } from '#lib/consent/flags.ts';

describe('tag manager configuration', () => {
  it('one container per storefront from PARTSFRONT_GTM_<LOCALE>; unset or malformed is none', () => {
    const env = {
      PARTSFRONT_GTM_SV: 'GTM-ABC123',
      PARTSFRONT_GTM_NO: ' gtm-xyz9 ',
      PARTSFRONT_GTM_DA: 'GTM-<script>',
      PARTSFRONT_GTM_FI: '',
    };
    expect(tagManagerContainer('sv', env)).toBe('GTM-ABC123');
    expect(tagManagerContainer('no', env)).toBe('GTM-XYZ9');
    expect(tagManagerContainer('da', env)).toBeNull();
    expect(tagManagerContainer('fi', env)).toBeNull();
    expect(tagManagerContainer('nl', env)).toBeNull();
    expect(tagManagerScriptUrl('GTM-ABC123')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
  });
  it('the CSP names the tag manager host only on pages that declare a container', () => {
    const withGtm = '<script type="application/json" id="pf-tracking-props">{"gtm":"GTM-ABC123","t":{}}</script>';
    const without = '<script type="application/json" id="pf-tracking-props">{"gtm":null,"t":{}}</script>';
    expect(declaresTagManager(withGtm)).toBe(true);
    expect(declaresTagManager(without)).toBe(false);
    expect(declaresTagManager('<p>{"gtm":"GTM-ABC123"}</p>')).toBe(false);
    const strict = htmlContentSecurityPolicy([]);
    expect(strict).not.toContain('googletagmanager');
    expect(strict).toContain("script-src 'self'; ");
    const csp = htmlContentSecurityPolicy(["'sha256-x'"], { tagManager: true });
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com 'sha256-x'");
    expect(csp).toContain("img-src 'self' data: https://www.googletagmanager.com");
    expect(csp).toContain("connect-src 'self' https://www.googletagmanager.com");
    expect(csp.match(/https:\/\/[^\s;]+/g)).toEqual([
      'https://www.googletagmanager.com',
      'https://www.googletagmanager.com',
      'https://www.googletagmanager.com',
    ]);
  });
});

describe('what each consent category allows', () => {
  it('nothing without a choice or with only necessary', () => {
    const none = { analytics: false, tagManager: false, personalisation: false, preferences: false };
    expect(trackingPermissions(undefined)).toEqual(none);
    expect(trackingPermissions(rejectAll())).toEqual(none);
  });
  it('statistics: dataLayer events and the tag manager', () => {
    expect(trackingPermissions(fromChoices({ analyticsStorage: true, adStorage: false, adPersonalization: false }))).toEqual({
      analytics: true,
      tagManager: true,
      personalisation: false,
      preferences: false,
    });
  });
  it('marketing alone loads the tag manager but pushes no events', () => {
    expect(trackingPermissions(fromChoices({ analyticsStorage: false, adStorage: true, adPersonalization: false }))).toEqual({
      analytics: false,
      tagManager: true,
      personalisation: false,
      preferences: false,
    });
  });
  it('personalisation (with user data): the personalisation service and preferences', () => {
    expect(trackingPermissions(fromChoices({ analyticsStorage: false, adStorage: false, adPersonalization: true }))).toEqual({
      analytics: false,
      tagManager: false,
      personalisation: true,
      preferences: true,
    });
    // AdPersonalization without AdUserData (a hand-made cookie) is not enough for the service
    expect(trackingPermissions(1 | 8).personalisation).toBe(false);
  });
  it('accept all allows everything', () => {
    expect(trackingPermissions(allowAll())).toEqual({ analytics: true, tagManager: true, personalisation: true, preferences: true });
  });
});

describe('page view', () => {
  const facts = (over: Partial<PageFacts> = {}): PageFacts => ({
    url: new URL('http://sv.localhost:4321/kategori/x?sida=2'),
    title: 'X | Shop',
    referrer: 'https://google.com/',
    locale: 'sv',
    route: 'category',
    noindex: false,
    ...over,
  });
  it('250 ms after a navigation, with the address, title, referrer and storefront', () => {
    expect(PAGE_VIEW_DELAY_MS).toBe(250);
    expect(pageViewEvent(facts())).toEqual({
      event: 'page_view',
      page_location: 'http://sv.localhost:4321/kategori/x?sida=2',
      page_path: '/kategori/x?sida=2',
      page_title: 'X | Shop',
      page_referrer: 'https://google.com/',
      page_locale: 'sv',
    });
  });
  it('personal pages report their route pattern only: no key, query or order number', () => {
    const e = pageViewEvent(
      facts({
        url: new URL('http://sv.localhost:4321/checkout/confirmation/Xy12abcDEF34ghij?reason=x'),
        title: 'Order 1000042 | Shop',
        route: 'checkout-confirmation-id',
        noindex: true,
      }),
    );
    expect(e).toMatchObject({
      page_location: 'http://sv.localhost:4321/checkout/confirmation/:id',
      page_path: '/checkout/confirmation/:id',
      page_title: 'checkout-confirmation-id',
    });
    expect(pageViewEvent(facts({ route: 'whatever', noindex: true })).page_path).toBe('/(personal)');
    expect(isPersonalPage('searchresults', true)).toBe(false);
    expect(isPersonalPage('not-found', true)).toBe(false);
    expect(isPersonalPage('track-order-id', true)).toBe(true);
    expect(isPersonalPage('product', false)).toBe(false);
  });
  it('a referrer on the shop itself is reduced to its origin (it may be a personal page)', () => {
    expect(pageViewEvent(facts({ referrer: 'http://sv.localhost:4321/my-order/123456' })).page_referrer).toBe('http://sv.localhost:4321/');
    expect(pageViewEvent(facts({ referrer: '' })).page_referrer).toBe('');
  });
});
