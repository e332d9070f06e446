/**
 * The order page's actions (docs/product/back-office-data.md#order-actions) on a real database: the operator's
 * steps with the staff member in the timeline, one change on a double submission, typed refusals, the shop's
 * cancel (payment voided, stock released) and resending an e-mail. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { cancelOrder, deliverAction, pickAction, resendOrderEmail, shipAction } from '#server/backoffice/order-actions.ts';
import { orderDetail } from '#server/backoffice/order-detail.ts';
import type { DomainError } from '#lib/errors/domain-errors.ts';
import { ENGINES, insertTestOrder } from './backoffice-db.ts';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ code: e.code, message: e.message }),
  );
const T = (m: number) => new Date(Date.UTC(2026, 10, 26, 10, m));

describe.each(ENGINES)('back office order actions on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await engine.open());
    // the shop's own invoice: nothing to capture at pick, an open invoice is voided with a cancel
    const invoice = { status: 'invoiced', paymentStatus: 'authorized', provider: 'invoice', payment: 'invoice' } as const;
    await insertTestOrder(db, { number: '2000001', placedAt: T(0).toISOString(), ...invoice });
    await insertTestOrder(db, {
      number: '2000002',
      placedAt: T(0).toISOString(),
      ...invoice,
      lines: [{ sku: 'STOCK-1', quantity: 2, unit: 100_00, vat: 25 }],
    });
    await db
      .insertInto('products')
      .values({
        id: 1,
        sku: 'STOCK-1',
        prefix: 'S',
        type: 0,
        brand_id: null,
        group_id: null,
        discount_category: null,
        stock_status: 'in-stock',
        stock_quantity: 5,
        estimated_at: null,
        orderable: 1,
        notifyable: 0,
        decoration: null,
        variations: '[]',
        updated_at: T(0).toISOString(),
        safety: null,
      })
      .execute();
  });
  afterAll(async () => {
    await close();
  });

  it('pick, ship, deliver: each once, with the staff member in the timeline; a repeat changes nothing', async () => {
    const picked = await pickAction(db, '2000001', 'staff-1', T(1));
    expect(picked).toMatchObject({ changed: true, order: { status: 'picked', paymentStatus: 'authorized' } });
    expect(await pickAction(db, '2000001', 'staff-1', T(2))).toMatchObject({ changed: false, order: { status: 'picked' } });
    const shipped = await shipAction(db, '2000001', 'staff-2', { manual: { trackingNumber: 'TRACK123', carrier: 'PostNord' } }, T(3));
    expect(shipped).toMatchObject({
      changed: true,
      order: { status: 'shipped', shipment: { tracking_number: 'TRACK123', carrier: 'PostNord' } },
    });
    expect((await shipAction(db, '2000001', 'staff-2', {}, T(4))).changed).toBe(false);
    expect(await deliverAction(db, '2000001', 'staff-1', T(5))).toMatchObject({
      changed: true,
      order: { status: 'delivered', deliveredAt: T(5).toISOString() },
    });
    // a shipped order cannot be picked again: a typed refusal
    expect(await refusal(pickAction(db, '2000001', 'staff-1', T(6)))).toMatchObject({ code: 'invalid_transition' });
    expect(await refusal(cancelOrder(db, '2000001', 'staff-1', T(6)))).toMatchObject({ code: 'invalid_transition' });
    const d = await orderDetail(db, '2000001');
    expect(d.timeline.filter((e) => e.kind === 'state').map((e) => [e.what, e.by])).toEqual([
      ['placed', 'checkout'],
      ['picked', 'staff:staff-1'],
      ['shipped', 'staff:staff-2'],
      ['delivered', 'staff:staff-1'],
    ]);
    // one "shipped" e-mail: queued, or kept in the outbox where no SMTP server is configured (docs/product/emails.md)
    expect(d.mails.map((m) => [m.kind, m.status])).toEqual([['shipped', expect.stringMatching(/^(queued|outbox)$/)]]);
  });

  it('cancel voids the open invoice and puts the units back, once', async () => {
    const r = await cancelOrder(db, '2000002', 'staff-3', T(10));
    expect(r).toMatchObject({ changed: true, order: { status: 'cancelled', paymentStatus: 'cancelled' } });
    expect(await cancelOrder(db, '2000002', 'staff-3', T(11))).toMatchObject({ changed: false });
    const stock = await db.selectFrom('products').select('stock_quantity').where('sku', '=', 'STOCK-1').executeTakeFirstOrThrow();
    expect(Number(stock.stock_quantity)).toBe(7);
    expect((await orderDetail(db, '2000002')).timeline.filter((e) => e.by === 'staff:staff-3').map((e) => [e.kind, e.what])).toEqual([
      ['state', 'cancelled'],
      ['payment', 'cancelled'],
    ]);
    expect(await refusal(pickAction(db, '2000002', 'staff-1', T(12)))).toMatchObject({ code: 'invalid_transition' });
    expect(await refusal(cancelOrder(db, '9999999', 'staff-1'))).toMatchObject({ code: 'not_found' });
  });

  it('resend: a failed e-mail is queued again; a sent one copied once while the copy waits', async () => {
    const mail = (status: string, kind: string) => ({
      id: randomUUID(),
      kind,
      locale: 'sv',
      recipient: 'a@example.se',
      subject: 'S',
      text_body: 't',
      html_body: 'h',
      headers: '{}',
      dedupe_key: `${kind}:2000002`,
      status,
      attempts: 5,
      next_attempt_at: T(0).toISOString(),
      created_at: T(0).toISOString(),
      sent_at: status === 'sent' ? T(0).toISOString() : null,
    });
    const failed = mail('failed', 'withdrawal_acknowledgement');
    await db
      .insertInto('mail_outbox')
      .values([mail('sent', 'order_confirmation'), failed])
      .execute();
    expect(await resendOrderEmail(db, '2000002', 'withdrawal_acknowledgement', T(20))).toEqual({ mailId: failed.id, changed: true });
    const requeued = await db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('id', '=', failed.id)
      .executeTakeFirstOrThrow();
    expect(requeued).toEqual({ status: 'queued', attempts: 0 });
    const first = await resendOrderEmail(db, '2000002', 'order_confirmation', T(21));
    expect(first.changed).toBe(true);
    expect(await resendOrderEmail(db, '2000002', 'order_confirmation', T(22))).toEqual({ mailId: first.mailId, changed: false });
    const copies = await db
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'status', 'subject'])
      .where('kind', '=', 'order_confirmation')
      .orderBy('created_at')
      .execute();
    expect(copies).toEqual([
      { dedupe_key: 'order_confirmation:2000002', status: 'sent', subject: 'S' },
      { dedupe_key: 'order_confirmation-resend-1:2000002', status: 'queued', subject: 'S' },
    ]);
    expect(await refusal(resendOrderEmail(db, '2000002', 'shipped'))).toMatchObject({ code: 'not_found' });
  });
});
