import { describe, expect, it } from 'vitest';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { eelProvider } from '#server/shipping/eel-provider.ts';
import type { ProviderSessionRecord } from '#server/checkout/checkout-repository.ts';
import type { ServicePoint, ShippingOption, ShippingProvider, ShippingQuoteInput } from '#server/shipping/shipping-provider.ts';
import { SHIPPING_ANSWER_FRESH_MS, shippingAnswer, ShippingUnavailable, type ShippingAsk } from '#server/shipping/shipping-session.ts';

const T0 = Date.parse('2026-11-24T10:00:00Z');

const pickup: ShippingOption = {
  id: 'se-postnord-pickup',
  carrier: 'PostNord',
  name: 'PostNord Ombud',
  kind: 'service_point',
  priceMinor: 4_900,
  vatRate: 25,
  minDays: 1,
  maxDays: 3,
  hasServicePoints: true,
};
const point: ServicePoint = {
  id: 'postnord-se-11455-1',
  carrier: 'PostNord',
  name: 'ICA Nära',
  street: 'Storgatan 1',
  postalCode: '114 55',
  city: 'Stockholm',
};

/** A session-keeping processor that records its calls and can be switched off. */
function fakeIngrid() {
  const calls: string[] = [];
  let sessions = 0;
  const fake = {
    down: null as Error | null,
    calls,
    provider: {
      id: 'ingrid',
      async options(input: ShippingQuoteInput, sessionId?: string) {
        calls.push(sessionId ? `update ${sessionId} ${input.goodsTotalMinor}` : `create ${input.reference}`);
        if (fake.down) throw fake.down;
        return {
          sessionId: sessionId ?? `S${++sessions}`,
          options: [{ ...pickup, priceMinor: input.goodsTotalMinor >= 49_900 ? 0 : 4_900 }],
        };
      },
      async servicePoints(optionId: string) {
        calls.push(`points ${optionId}`);
        if (fake.down) throw fake.down;
        return [point];
      },
      book: () => Promise.reject(new Error('not here')),
      tracking: async () => [],
    } satisfies ShippingProvider,
  };
  return fake;
}

const quote = (over: Partial<ShippingQuoteInput> = {}): ShippingQuoteInput => ({
  locale: 'sv',
  countryCode: 'SE',
  postalCode: '114 55',
  city: 'Stockholm',
  weightGrams: 500,
  goodsTotalMinor: 20_000,
  currency: 'SEK',
  ...over,
});

const ask = (over: Partial<ShippingAsk> = {}): ShippingAsk => ({
  checkoutId: 'C1',
  locale: 'sv',
  open: true,
  quote: quote(),
  optionId: null,
  record: undefined,
  ...over,
});

describe('the shipping session of a checkout', () => {
  it('creates one session on the first quote and records it with its locale and answer', async () => {
    const ingrid = fakeIngrid();
    const a = await shippingAnswer(ingrid.provider, ask(), T0);
    expect(ingrid.calls).toEqual(['create C1']);
    expect(a.options).toEqual([pickup]);
    expect(a.changed).toMatchObject({ id: 'S1', locale: 'sv', provider: 'ingrid', reference: 'C1', amountMinor: 20_000 });
    expect(a.changed!.openedAt).toBe(new Date(T0).toISOString());
  });

  it('asks nothing again for the same inputs while fresh, and updates the same session when they change', async () => {
    const ingrid = fakeIngrid();
    const record = (await shippingAnswer(ingrid.provider, ask(), T0)).changed!;
    const same = await shippingAnswer(ingrid.provider, ask({ record }), T0 + 60_000);
    expect(same.changed).toBeUndefined();
    expect(same.options).toEqual([pickup]);
    const more = await shippingAnswer(ingrid.provider, ask({ record, quote: quote({ goodsTotalMinor: 50_000 }) }), T0 + 60_000);
    expect(more.options[0]!.priceMinor).toBe(0);
    expect(more.changed).toMatchObject({ id: 'S1', openedAt: record.openedAt, amountMinor: 50_000 });
    const later = await shippingAnswer(ingrid.provider, ask({ record }), T0 + SHIPPING_ANSWER_FRESH_MS + 1);
    expect(later.changed?.id).toBe('S1');
    expect(ingrid.calls).toEqual(['create C1', 'update S1 50000', 'update S1 20000']);
  });

  it('lists service points for the chosen option, remembered like the options', async () => {
    const ingrid = fakeIngrid();
    const first = await shippingAnswer(ingrid.provider, ask({ optionId: pickup.id }), T0);
    expect(first.servicePoints).toEqual([point]);
    const again = await shippingAnswer(ingrid.provider, ask({ optionId: pickup.id, record: first.changed }), T0 + 1000);
    expect(again.servicePoints).toEqual([point]);
    expect(ingrid.calls).toEqual(['create C1', `points ${pickup.id}`]);
  });

  it('answers from the last answer for the same inputs when the processor is down', async () => {
    const ingrid = fakeIngrid();
    const record = (await shippingAnswer(ingrid.provider, ask({ optionId: pickup.id }), T0)).changed!;
    ingrid.down = new ProviderUnavailable('ingrid', 'answered 503');
    const stale = await shippingAnswer(ingrid.provider, ask({ optionId: pickup.id, record }), T0 + SHIPPING_ANSWER_FRESH_MS * 3);
    expect(stale).toEqual({ options: [pickup], servicePoints: [point] });
  });

  it('is ShippingUnavailable when the processor fails (down or refusing) and nothing remembered fits', async () => {
    const ingrid = fakeIngrid();
    const record = (await shippingAnswer(ingrid.provider, ask(), T0)).changed!;
    ingrid.down = new ProviderUnavailable('ingrid', 'timed out');
    await expect(shippingAnswer(ingrid.provider, ask({ record, quote: quote({ postalCode: '413 01' }) }), T0)).rejects.toBeInstanceOf(
      ShippingUnavailable,
    );
    await expect(shippingAnswer(ingrid.provider, ask(), T0)).rejects.toBeInstanceOf(ShippingUnavailable);
    ingrid.down = new ProviderRequestError('ingrid', 401, null, 'unauthenticated', {});
    await expect(shippingAnswer(ingrid.provider, ask(), T0)).rejects.toThrow(/ingrid: unauthenticated/);
    // points of a newly chosen option cannot come from memory either
    ingrid.down = null;
    const fresh = (await shippingAnswer(ingrid.provider, ask(), T0)).changed!;
    ingrid.down = new ProviderUnavailable('ingrid', 'answered 503');
    await expect(shippingAnswer(ingrid.provider, ask({ record: fresh, optionId: pickup.id }), T0)).rejects.toBeInstanceOf(
      ShippingUnavailable,
    );
  });

  it('never asks the processor for a completed checkout: its last answer is what it was', async () => {
    const ingrid = fakeIngrid();
    const record = (await shippingAnswer(ingrid.provider, ask({ optionId: pickup.id }), T0)).changed!;
    const shown = await shippingAnswer(ingrid.provider, ask({ open: false, optionId: pickup.id, record }), T0 + 86_400_000);
    expect(shown).toEqual({ options: [pickup], servicePoints: [point] });
    expect(ingrid.calls).toHaveLength(2);
  });

  it('ignores a session of another provider, nothing to price without an address, eel keeps no session', async () => {
    const ingrid = fakeIngrid();
    const other: ProviderSessionRecord = { id: 'X', locale: 'sv', provider: 'other', amountMinor: 0, reference: 'C1' };
    expect((await shippingAnswer(ingrid.provider, ask({ record: other }), T0)).changed?.id).toBe('S1');
    expect(await shippingAnswer(ingrid.provider, ask({ quote: null }), T0)).toEqual({ options: [], servicePoints: [] });
    const eel = await shippingAnswer(eelProvider, ask({ optionId: 'postnord-service-point' }), T0);
    expect(eel.changed).toBeUndefined();
    expect(eel.options.length).toBeGreaterThan(0);
    const done = await shippingAnswer(eelProvider, ask({ open: false }), T0);
    expect(done.options).toEqual(eel.options);
  });
});
