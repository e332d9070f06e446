import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { eelProvider } from '#server/shipping/eel-provider.ts';
import { confirmShipping } from '#server/shipping/shipping-confirmation.ts';
import type { ConfirmShippingInput, ShippingProvider } from '#server/shipping/shipping-provider.ts';

const input: ConfirmShippingInput = {
  sessionId: 'S1',
  orderNumber: '1001005',
  optionId: 'se-postnord-pickup',
  servicePointId: 'postnord-se-11455-1',
  recipient: {
    name: 'Anna Svensson',
    email: 'a@example.se',
    mobile: '0701234567',
    street: 'Storgatan 1',
    postalCode: '114 55',
    city: 'Stockholm',
    countryCode: 'SE',
  },
};

/** Just enough of Kysely for one insert into order_events. */
function eventsDb(fail = false) {
  const events: Record<string, unknown>[] = [];
  const db = {
    insertInto: () => ({
      values: (row: Record<string, unknown>) => ({
        execute: async () => {
          if (fail) throw new Error('database gone');
          events.push(row);
        },
      }),
    }),
  } as unknown as Db;
  return { db, events };
}

const ingrid = (confirm: ShippingProvider['confirmOrder']): ShippingProvider => ({ ...eelProvider, id: 'ingrid', confirmOrder: confirm });

describe('telling the shipping processor about the order', () => {
  it('completes the session and records a shipping event', async () => {
    const { db, events } = eventsDb();
    const seen: ConfirmShippingInput[] = [];
    const provider = ingrid(async (i) => {
      seen.push(i);
      return { transportOrderId: 'tos-1' };
    });
    expect(await confirmShipping(db, provider, input, 'shopper')).toBe('transport_ordered');
    expect(seen).toEqual([input]);
    expect(events).toEqual([
      expect.objectContaining({
        order_id: '1001005',
        kind: 'shipping',
        from_state: 'session_open',
        to_state: 'transport_ordered',
        event: 'complete_session',
        source: 'shopper',
      }),
    ]);
  });

  it('never throws: a failing processor is recorded, a failing record is logged', async () => {
    const { db, events } = eventsDb();
    const down = ingrid(() => Promise.reject(new Error('503')));
    expect(await confirmShipping(db, down, input, 'notification')).toBe('failed');
    expect(events).toEqual([
      expect.objectContaining({ to_state: 'session_open', event: 'complete_session_failed', source: 'notification' }),
    ]);
    expect(await confirmShipping(eventsDb(true).db, down, input, 'shopper')).toBe('failed');
  });

  it('has nothing to do for eel', async () => {
    const { db, events } = eventsDb();
    expect(await confirmShipping(db, eelProvider, input, 'shopper')).toBe('not_needed');
    expect(events).toEqual([]);
  });
});
