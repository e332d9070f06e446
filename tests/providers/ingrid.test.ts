/**
 * The Ingrid adapter against the Ingrid sandbox emulator: delivery options per postal code and
 * country (free shipping from the storefront threshold), pickup locations, completion and booking
 * (tracking number, tracking page, PDF label) and tracking events that advance.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { IngridProvider } from '#server/shipping/ingrid/ingrid-provider.ts';
import type { ShippingQuoteInput } from '#server/shipping/shipping-provider.ts';
import { FREE_SHIPPING_THRESHOLD_MINOR } from '#lib/shipping/free-shipping.ts';
import { INGRID_SITE_TOKEN } from '#sandbox/ingrid/ingrid-site-config.ts';
import { startSandbox, type RunningSandbox } from '#sandbox/server.ts';

let sandbox: RunningSandbox;
let ingrid: IngridProvider;

const STORE: Record<LocaleCode, { countryCode: string; postalCode: string; currency: ShippingQuoteInput['currency'] }> = {
  sv: { countryCode: 'SE', postalCode: '114 55', currency: 'SEK' },
  no: { countryCode: 'NO', postalCode: '0150', currency: 'NOK' },
  da: { countryCode: 'DK', postalCode: '8000', currency: 'DKK' },
  fi: { countryCode: 'FI', postalCode: '00100', currency: 'EUR' },
  nl: { countryCode: 'NL', postalCode: '1011 AB', currency: 'EUR' },
};

const quote = (locale: LocaleCode = 'sv', over: Partial<ShippingQuoteInput> = {}): ShippingQuoteInput => ({
  locale,
  ...STORE[locale],
  weightGrams: 1_200,
  goodsTotalMinor: 20_000,
  ...over,
});

const recipient = {
  name: 'Testa Kund',
  email: 'kund@example.com',
  mobile: '+46701234567',
  street: 'Verkstadsgatan 12',
  postalCode: '114 55',
  city: 'Stockholm',
  countryCode: 'SE',
};

async function control(name: string, body: unknown = {}): Promise<Response> {
  return fetch(`${sandbox.url}/ingrid/_sandbox/${name}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

async function sessions(cartId: string): Promise<Record<string, unknown>[]> {
  return ((await (await control('sessions', { cart_id: cartId })).json()) as { sessions: Record<string, unknown>[] }).sessions;
}

async function bookedAtServicePoint() {
  const { sessionId, options } = await ingrid.options(quote());
  const option = options.find((o) => o.id === 'se-postnord-pickup')!;
  const [point] = await ingrid.servicePoints(option.id, quote());
  const booking = await ingrid.book({
    orderNumber: 'PF-1001',
    optionId: option.id,
    servicePointId: point!.id,
    recipient,
    weightGrams: 1_200,
    sessionId: sessionId!,
  });
  return { booking, point: point! };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ingrid = new IngridProvider({ baseUrl: `${sandbox.url}/ingrid`, siteToken: INGRID_SITE_TOKEN, timeoutMs: 1500 });
});
beforeEach(async () => {
  expect((await control('reset')).status).toBe(200);
});
afterAll(async () => {
  await sandbox?.close();
});

describe('delivery options', () => {
  it('offers priced options per postal code with a session id', async () => {
    const { sessionId, options } = await ingrid.options(quote('sv', { weightGrams: 2_500 }));
    expect(sessionId).toMatch(/^VM2-/);
    expect(options.map((o) => o.kind)).toEqual(['service_point', 'service_point', 'home', 'express']); // mailbox: over 2 kg
    const pickup = options[0]!;
    expect(pickup).toMatchObject({
      id: 'se-postnord-pickup',
      carrier: 'PostNord',
      priceMinor: 4_900,
      vatRate: 25,
      hasServicePoints: true,
      minDays: 1,
      maxDays: 3,
    });
  });

  it('offers the mailbox option for a light parcel', async () => {
    const { options } = await ingrid.options(quote('sv', { weightGrams: 400 }));
    expect(options.find((o) => o.kind === 'mailbox')).toMatchObject({ priceMinor: 2_900 });
  });

  it('is free above the storefront threshold, except express', async () => {
    for (const locale of ['sv', 'no', 'da', 'fi', 'nl'] as const) {
      const { options } = await ingrid.options(quote(locale, { goodsTotalMinor: FREE_SHIPPING_THRESHOLD_MINOR[locale] }));
      expect(
        options.filter((o) => o.kind !== 'express').every((o) => o.priceMinor === 0),
        locale,
      ).toBe(true);
      expect(
        options.filter((o) => o.kind === 'express').every((o) => o.priceMinor > 0),
        locale,
      ).toBe(true);
      const below = await ingrid.options(quote(locale, { goodsTotalMinor: FREE_SHIPPING_THRESHOLD_MINOR[locale] - 1 }));
      expect(
        below.options.every((o) => o.priceMinor > 0),
        locale,
      ).toBe(true);
    }
  });

  it('updates the same session when the cart changes', async () => {
    const first = await ingrid.options(quote());
    const second = await ingrid.options(quote('sv', { goodsTotalMinor: 60_000 }), first.sessionId);
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.options[0]!.priceMinor).toBe(0);
  });

  it("names the session's cart by the shop's reference and replaces a session Ingrid no longer takes", async () => {
    const first = await ingrid.options(quote('sv', { reference: 'checkout-1' }));
    await ingrid.options(quote('sv', { reference: 'checkout-1', goodsTotalMinor: 30_000 }), first.sessionId);
    expect(await sessions('checkout-1')).toEqual([
      expect.objectContaining({ checkout_session_id: first.sessionId, status: 'ACTIVE', total_value: 30_000, updates: 1 }),
    ]);
    const replaced = await ingrid.options(quote('sv', { reference: 'checkout-1' }), 'VM2-gone');
    expect(replaced.sessionId).not.toBe(first.sessionId);
    expect(await sessions('checkout-1')).toHaveLength(2);
  });
});

describe('service points', () => {
  it('lists five deterministic points per postal-code area, nearest first', async () => {
    const points = await ingrid.servicePoints('se-postnord-pickup', quote());
    expect(points).toHaveLength(5);
    expect(await ingrid.servicePoints('se-postnord-pickup', quote())).toEqual(points);
    expect(points[0]).toMatchObject({
      carrier: 'PostNord',
      postalCode: '114 55',
      city: 'Stockholm',
      openingHours: expect.stringMatching(/^mon-fri \d\d:\d\d-\d\d:\d\d/),
    });
    const distances = points.map((p) => p.distanceMeters!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const elsewhere = await ingrid.servicePoints('se-postnord-pickup', quote('sv', { postalCode: '413 01' }));
    expect(elsewhere[0]!.id).not.toBe(points[0]!.id);
    expect(elsewhere[0]!.city).toBe('Göteborg');
  });

  it("has none for a home-delivery option (400 in Ingrid's format)", async () => {
    await expect(ingrid.servicePoints('se-budbee-home', quote())).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('invalid argument'),
    });
  });
});

describe('booking and tracking', () => {
  it('completes the session and books: tracking number, tracking page and PDF label', async () => {
    const { booking } = await bookedAtServicePoint();
    expect(booking).toMatchObject({ carrier: 'PostNord', trackingNumber: expect.stringMatching(/^PO\d{12}SE$/) });
    const page = await fetch(booking.trackingUrl);
    expect(await page.text()).toContain('SANDBOX');
    const label = await fetch(booking.labelUrl!);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('%PDF-1.4');
  });

  it('tracking starts as booked and advances on the control endpoint', async () => {
    const { booking, point } = await bookedAtServicePoint();
    expect((await ingrid.tracking(booking.shipmentId)).map((e) => e.status)).toEqual(['booked', 'booked']);
    expect((await control('advance', { tracking_number: booking.trackingNumber, steps: 3 })).status).toBe(200);
    const events = await ingrid.tracking(booking.shipmentId);
    expect(events.map((e) => e.status)).toEqual(['booked', 'booked', 'in_transit', 'in_transit', 'ready_for_pickup']);
    expect(events.at(-1)).toMatchObject({ location: point.city });
  });

  it('tracking advances by itself with time', async () => {
    expect((await control('tracking', { stepMs: 40 })).status).toBe(200);
    const { booking } = await bookedAtServicePoint();
    await new Promise((r) => setTimeout(r, 250));
    expect((await ingrid.tracking(booking.shipmentId)).at(-1)!.status).toBe('delivered');
  });

  it('confirms the order on the session (transport order), again harmlessly, and books it later', async () => {
    const { sessionId, options } = await ingrid.options(quote('sv', { reference: 'checkout-2' }));
    const [point] = await ingrid.servicePoints('se-instabox-locker', quote());
    const input = { sessionId: sessionId!, orderNumber: '1001005', optionId: 'se-instabox-locker', servicePointId: point!.id, recipient };
    expect(options.some((o) => o.id === 'se-instabox-locker')).toBe(true);
    const first = await ingrid.confirmOrder(input);
    expect(first.transportOrderId).toMatch(/\w+-\w+/);
    expect(await ingrid.confirmOrder(input)).toEqual(first);
    expect(await sessions('checkout-2')).toEqual([
      expect.objectContaining({
        status: 'COMPLETE',
        external_id: '1001005',
        tos_id: first.transportOrderId,
        selection: { category_id: 'se-instabox-locker', location_external_id: point!.id },
      }),
    ]);
    const booking = await ingrid.book({ ...input, weightGrams: 1_000 });
    expect(booking.carrier).toBe('Instabox');
  });

  it('books home delivery without a prior session', async () => {
    const booking = await ingrid.book({ orderNumber: 'PF-2002', optionId: 'se-budbee-home', recipient, weightGrams: 3_000 });
    expect(booking.carrier).toBe('Budbee');
    expect(await ingrid.tracking(booking.shipmentId)).toHaveLength(2);
  });

  it('refuses a service point that is not near the search address', async () => {
    const { sessionId } = await ingrid.options(quote());
    await expect(
      ingrid.book({
        orderNumber: 'PF-3003',
        optionId: 'se-postnord-pickup',
        servicePointId: 'postnord-se-99999-1',
        recipient,
        weightGrams: 1_000,
        sessionId: sessionId!,
      }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });
});

describe('credentials and faults', () => {
  it('a wrong site token → 401', async () => {
    const wrong = new IngridProvider({ baseUrl: `${sandbox.url}/ingrid`, siteToken: 'bm9wZQ==', timeoutMs: 1500 });
    await expect(wrong.options(quote())).rejects.toMatchObject({ status: 401, message: expect.stringContaining('unauthenticated') });
  });

  it('a 5xx → ProviderUnavailable, then it works', async () => {
    expect((await control('faults', { failNext: 1 })).status).toBe(200);
    await expect(ingrid.options(quote())).rejects.toBeInstanceOf(ProviderUnavailable);
    expect((await ingrid.options(quote())).options.length).toBeGreaterThan(0);
  });

  it('an answer slower than the timeout → ProviderUnavailable', async () => {
    expect((await control('faults', { delayMs: 2500 })).status).toBe(200);
    await expect(ingrid.options(quote())).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});
