import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { shippedMail, type ShippedMailInput } from '#lib/mail/shipped-mail.ts';

const input: ShippedMailInput = {
  orderNumber: '1001008',
  placedAt: '2026-11-20T09:00:00.000Z',
  firstName: 'Anna <b>',
  shipping: { name: 'Ombud', min_days: 1, max_days: 3 },
  carrier: 'PostNord',
  trackingNumber: 'EELABC123',
  trackingUrl: 'https://tracking.example/EELABC123?a=1&b=2',
  servicePoint: { id: 'sp1', carrier: 'PostNord', name: 'ICA Kvantum', street: 'Storgatan 1', postal_code: '11122', city: 'Stockholm' },
  trackOrderUrl: 'http://sv.localhost:4321/track-order/1001008',
};

describe('shippedMail', () => {
  it('carries carrier, tracking number and link, service point and the track-order link in both parts', () => {
    const m = shippedMail('sv', input);
    expect(m.subject).toBe(`Din order 1001008 har skickats – ${LOCALES.sv.brand}`);
    for (const part of [m.text, m.html]) {
      expect(part).toContain('EELABC123');
      expect(part).toContain('PostNord');
      expect(part).toContain('ICA Kvantum, Storgatan 1, 11122 Stockholm');
      expect(part).toContain('/track-order/1001008');
    }
    expect(m.text).toContain('Spåra paketet: https://tracking.example/EELABC123?a=1&b=2');
    expect(m.html).toContain('href="https://tracking.example/EELABC123?a=1&amp;b=2"');
    expect(m.html).toContain('Hej Anna &lt;b&gt;!');
    expect(m.html).not.toContain('<b>!');
  });

  it('a manual shipment without a link has no tracking button; every storefront has its own language', () => {
    const m = shippedMail('nl', { ...input, trackingUrl: null, servicePoint: null });
    expect(m.text).not.toContain('https://tracking.example');
    expect(m.text).toContain('Trackingnummer: EELABC123');
    const subjects = LOCALE_CODES.map((l) => shippedMail(l, input).subject);
    expect(new Set(subjects).size).toBe(5);
    expect(subjects.every((s) => s.includes('1001008'))).toBe(true);
  });
});
