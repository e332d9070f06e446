/**
 * A consumer withdraws from a shipped order, delivered or not yet (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a):
 * one return of everything still returnable, kind `withdrawal` (approved at once, with the return code or the
 * seller's address and the acknowledgement e-mail, docs/product/returns.md). Exactly once: when nothing is left
 * to return, a repeat answers the withdrawal already made; a concurrent request that took the lines first is
 * answered the same way.
 */
import type { Db } from '#server/db/connection.ts';
import type { ReturnView } from '#lib/api/return-contracts.ts';
import { translator } from '#lib/market/i18n.ts';
import { returnableQuantities } from '#lib/returns/return-lines.ts';
import { countsAgainstOrder } from '#lib/returns/return-states.ts';
import { InvalidRequestError, ReturnNotAllowedError } from '#lib/errors/domain-errors.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';
import { requestReturn, type Requester } from './request-return.ts';
import { returnsOfOrder, returnView } from './return-record.ts';

/** The lines still returnable, each with all that is left of it. */
async function linesLeft(db: Db, order: OrderRecord) {
  const existing = await returnsOfOrder(db, order.number);
  const counted = existing.filter((r) => countsAgainstOrder(r.status));
  const left = returnableQuantities(
    order.details.lines,
    counted.map((r) => r.lines),
  );
  const lines = order.details.lines.map((l, i) => ({ line: i, sku: l.sku, quantity: left[i]! })).filter((l) => l.quantity > 0);
  const earlier = counted.filter((r) => r.kind === 'withdrawal').at(-1);
  return { lines, earlier };
}

export async function withdrawByReturn(
  db: Db,
  order: OrderRecord,
  by: Requester,
  hasAccount: boolean,
  now = new Date(),
): Promise<ReturnView> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const { lines, earlier } = await linesLeft(db, order);
    if (lines.length === 0) {
      if (earlier) return returnView(earlier, order.details.lines);
      throw new ReturnNotAllowedError(translator(order.locale)('returns.form.nothing_left'));
    }
    try {
      return await requestReturn(db, order, { order_number: order.number, kind: 'withdrawal', lines }, by, hasAccount, now);
    } catch (err) {
      // Another request returned some of the lines in the meantime: read again.
      if (!(err instanceof InvalidRequestError)) throw err;
      lastError = err;
    }
  }
  throw lastError;
}
