/** The order page's timeline (docs/product/back-office-data.md#order-page): one list, oldest first. */
import { describe, expect, it } from 'vitest';
import { orderHistory } from '#lib/backoffice/order-history.ts';

describe('orderHistory', () => {
  it('merges events, returns, mails and notes by time; one instant keeps events before mails', () => {
    const t = (m: number) => new Date(Date.UTC(2026, 10, 26, 10, m)).toISOString();
    expect(
      orderHistory({
        events: [
          { at: t(0), kind: 'order', to_state: 'placed', source: 'checkout' },
          { at: t(5), kind: 'payment', to_state: 'captured', source: 'operator' },
          { at: t(5), kind: 'order', to_state: 'picked', source: 'operator' },
        ],
        returns: [
          { rma: 'RMA-1-1', kind: 'return', status: 'refunded', created_at: t(20), updated_at: t(30), requested_by: 'guest' },
          { rma: 'RMA-1-2', kind: 'return', status: 'requested', created_at: t(40), updated_at: t(40), requested_by: 'customer' },
        ],
        mails: [
          { kind: 'order_confirmation', status: 'sent', created_at: t(0), sent_at: t(1) },
          { kind: 'shipped', status: 'failed', created_at: t(5), sent_at: null },
        ],
        notes: [{ body: 'Called the customer', staff_id: 'staff-1', created_at: t(10) }],
      }),
    ).toEqual([
      { at: t(0), kind: 'state', what: 'placed', by: 'checkout' },
      { at: t(1), kind: 'mail', what: 'order_confirmation sent', by: 'outbox' },
      { at: t(5), kind: 'payment', what: 'captured', by: 'operator' },
      { at: t(5), kind: 'state', what: 'picked', by: 'operator' },
      { at: t(5), kind: 'mail', what: 'shipped failed', by: 'outbox' },
      { at: t(10), kind: 'note', what: 'Called the customer', by: 'staff-1' },
      { at: t(20), kind: 'return', what: 'return RMA-1-1 requested', by: 'guest' },
      { at: t(30), kind: 'return', what: 'return RMA-1-1 refunded', by: 'operator' },
      { at: t(40), kind: 'return', what: 'return RMA-1-2 requested', by: 'customer' },
    ]);
  });
});
