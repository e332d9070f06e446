import { describe, expect, it } from 'vitest';
import { notificationProviderSchema, paymentReturnQuerySchema } from '#lib/payments/provider-callback-schemas.ts';

describe('provider callback parameters', () => {
  it('takes a return for every external session kind, with the cancel mark', () => {
    for (const kind of ['card', 'payLater', 'invoiceConsumer', 'invoiceBusiness'])
      expect(paymentReturnQuerySchema.safeParse({ kind }).success).toBe(true);
    expect(paymentReturnQuerySchema.parse({ kind: 'invoiceBusiness', cancelled: '1' })).toEqual({
      kind: 'invoiceBusiness',
      cancelled: '1',
    });
    for (const bad of [
      { kind: 'invoice' },
      { kind: 'shipping' },
      {},
      { kind: 'card', cancelled: 'yes' },
      { kind: 'card', sessionId: 'a b' },
    ])
      expect(paymentReturnQuerySchema.safeParse(bad).success).toBe(false);
  });

  it('takes notifications from the four external providers only', () => {
    expect(['adyen', 'klarna', 'walley', 'two'].map((p) => notificationProviderSchema.safeParse(p).success)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(notificationProviderSchema.safeParse('invoice').success).toBe(false);
  });
});
