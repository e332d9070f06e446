/**
 * A customer or guest sends parts back (docs/product/returns.md): what can still be returned for one order,
 * and the request itself — inside its period, never more than delivered minus earlier returns, the refund
 * fixed now. The request, its event and its e-mail are written in one transaction; two requests for one order
 * at once take turns on the (order, sequence) key and the second is checked against the first.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import { translator } from '#lib/market/i18n.ts';
import { RETURN_REASONS, type ReturnOptions, type ReturnRequest, type ReturnView } from '#lib/api/return-contracts.ts';
import { checkReturnLines, returnableQuantities, type ReturnLine, type ReturnLinesProblem } from '#lib/returns/return-lines.ts';
import { refundFor } from '#lib/returns/refund-amounts.ts';
import { returnWindow, type ReturnKind } from '#lib/returns/return-windows.ts';
import { countsAgainstOrder, initialReturnState, rmaNumber } from '#lib/returns/return-states.ts';
import { InvalidRequestError, ReturnNotAllowedError } from '#lib/errors/domain-errors.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';
import { recordOf, returnsOfOrder, returnView, type ReturnRecord } from './return-record.ts';
import { queueReturnMail } from './return-mails.ts';
import { bookReturnShipment } from './book-return.ts';
import { withdrawalPeriodOf } from './withdrawal-of-order.ts';
import type { WithdrawalPeriod } from '#lib/returns/withdrawal-period.ts';

export type Requester = 'customer' | 'guest';

const customerTypeOf = (order: OrderRecord) => (order.details.customer.type === 'business' ? 'business' : 'consumer');

/** A period as the return form and the request check see it (deadline null: open, not delivered yet). */
type Window = { open: true; deadline: string | null } | { open: false; reason: string; deadline?: string };

/**
 * The withdrawal follows the withdrawal rule: open as a return once shipped, before the delivery too (the period
 * ends 14 days after it, docs/product/legal.md); not shipped yet it is the cancellation of the whole order instead.
 */
function withdrawalWindowOf(order: OrderRecord, now: Date): Window {
  const period = withdrawalPeriodOf(order, now);
  if (period.open) return period.path === 'return' ? { open: true, deadline: period.deadline } : { open: false, reason: 'not_delivered' };
  return { open: false, reason: period.reason, ...(period.deadline ? { deadline: period.deadline } : {}) };
}

function windowOf(kind: ReturnKind, order: OrderRecord, now: Date): Window {
  if (kind === 'withdrawal') return withdrawalWindowOf(order, now);
  return returnWindow(
    kind,
    { deliveredAt: order.deliveredAt, customerType: customerTypeOf(order), locale: order.locale },
    now.toISOString(),
  );
}

const windowView = (w: Window) => ({
  open: w.open,
  deadline: w.deadline ?? null,
  closed_because: w.open ? null : w.reason,
});

const withdrawalView = (p: WithdrawalPeriod): ReturnOptions['withdrawal'] =>
  p.open ? { open: true, mode: p.path, deadline: p.deadline } : { open: false, mode: null, deadline: p.deadline ?? null };

const counted = (returns: ReturnRecord[]) => returns.filter((r) => countsAgainstOrder(r.status)).map((r) => r.lines);

/** What the return form shows: the lines with what is left of each, both periods, and the returns so far. */
export async function returnOptions(db: Db, order: OrderRecord, now = new Date()): Promise<ReturnOptions> {
  const returns = await returnsOfOrder(db, order.number);
  const left = returnableQuantities(order.details.lines, counted(returns));
  return {
    order_number: order.number,
    customer_type: customerTypeOf(order),
    currency: order.currency,
    lines: order.details.lines.map((l, i) => ({ line: i, sku: l.sku, name: l.name, quantity: l.quantity, returnable: left[i]! })),
    windows: { withdrawal: windowView(windowOf('withdrawal', order, now)), return: windowView(windowOf('return', order, now)) },
    withdrawal: withdrawalView(withdrawalPeriodOf(order, now)),
    reasons: [...RETURN_REASONS],
    returns: returns.map((r) => returnView(r, order.details.lines)),
  };
}

function linesRefusal(order: OrderRecord, p: ReturnLinesProblem, index: (line: number) => number): never {
  const t = translator(order.locale);
  const field = p.code === 'no_lines' ? 'lines' : `lines.${index(p.line)}.quantity`;
  const values = p.code === 'too_many' ? { count: p.returnable } : {};
  throw new InvalidRequestError(t(`returns.problems.${p.code}`, values), field);
}

/**
 * The request checked against the order and its returns so far: inside its period, a reason where one is
 * needed, lines that are left. Answers the accepted lines; a refusal is the DomainError the shopper sees.
 */
export function checkReturnRequest(
  order: OrderRecord,
  existing: ReturnRecord[],
  req: Pick<ReturnRequest, 'kind' | 'lines' | 'reason'>,
  now: Date,
): ReturnLine[] {
  const t = translator(order.locale);
  const window = windowOf(req.kind, order, now);
  if (!window.open) throw new ReturnNotAllowedError(t(`returns.closed.${window.reason}`, { date: window.deadline ?? '' }), 'kind');
  if (req.kind === 'return' && !req.reason) throw new InvalidRequestError(t('returns.problems.reason_required'), 'reason');
  const checked = checkReturnLines(order.details.lines, counted(existing), req.lines);
  if (!checked.ok)
    linesRefusal(order, checked.problem, (line) =>
      Math.max(
        0,
        req.lines.findIndex((l) => l.line === line),
      ),
    );
  return checked.lines;
}

/** Makes the return; `hasAccount` tells which page its e-mails link to. */
export async function requestReturn(
  db: Db,
  order: OrderRecord,
  req: ReturnRequest,
  by: Requester,
  hasAccount: boolean,
  now = new Date(),
): Promise<ReturnView> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await returnsOfOrder(db, order.number);
    const lines = checkReturnRequest(order, existing, req, now);
    const before = counted(existing);
    const shippingRefunded = existing.some((r) => countsAgainstOrder(r.status) && r.refundShippingMinor > 0);
    const refund = refundFor(
      {
        lines: order.details.lines,
        discount_minor: order.details.totals.discount_minor,
        shipping_minor: order.details.totals.shipping_minor,
      },
      before,
      { kind: req.kind, lines },
      shippingRefunded,
    );
    const sequence = existing.reduce((max, r) => Math.max(max, r.sequence), 0) + 1;
    const at = now.toISOString();
    // Booked before the transaction (a provider call); a retry after losing the sequence books again.
    const shipment = await bookReturnShipment(order, rmaNumber(order.number, sequence), lines);
    const row = {
      id: rmaNumber(order.number, sequence),
      order_id: order.number,
      sequence,
      kind: req.kind,
      status: initialReturnState(req.kind),
      reason: req.reason ?? null,
      comment: req.comment ? req.comment : null,
      lines: JSON.stringify(lines),
      currency: order.currency,
      refund_goods_minor: refund.goods_minor,
      refund_shipping_minor: refund.shipping_minor,
      requested_by: by,
      ...shipment,
      created_at: at,
      updated_at: at,
      refunded_at: null,
    };
    const record = recordOf(row);
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('order_returns').values(row).execute();
        await trx
          .insertInto('order_events')
          .values({
            id: randomUUID(),
            order_id: order.number,
            at,
            kind: 'return',
            from_state: null,
            to_state: row.status,
            event: `${req.kind}:${row.id}`,
            source: by,
          })
          .execute();
        await queueReturnMail(
          trx,
          req.kind === 'withdrawal' ? 'withdrawal_acknowledgement' : 'return_requested',
          order,
          record,
          hasAccount,
          now,
        );
      });
    } catch (err) {
      // Another request for this order took the sequence first: read again and check against it.
      const taken = await db
        .selectFrom('order_returns')
        .select('id')
        .where('order_id', '=', order.number)
        .where('sequence', '=', sequence)
        .executeTakeFirst();
      if (taken) continue;
      throw err;
    }
    kickMailDelivery(db);
    return returnView(record, order.details.lines);
  }
  throw new ReturnNotAllowedError(translator(order.locale)('returns.problems.busy'));
}
