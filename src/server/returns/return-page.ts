/**
 * The return page of one order (routes my-account-orders-return-id and my-order-return-id,
 * docs/product/returns.md#the-return-page): a server-rendered form that works without JavaScript. A policy
 * return is sent with one button; a withdrawal goes through a confirm step first (Directive 2011/83/EU art. 11a:
 * the online withdrawal function asks the consumer to confirm). After a request the page redirects to itself
 * with `?done=<rma>` so a reload never sends it twice.
 */
import type { AstroCookies } from 'astro';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { RETURN_REASONS, type ReturnOptions, type ReturnReason, type ReturnView } from '#lib/api/return-contracts.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { isSameOriginPost } from '#server/account/same-origin.ts';
import { orderForReturns } from './order-access.ts';
import { checkReturnRequest, requestReturn, returnOptions } from './request-return.ts';
import { returnsOfOrder } from './return-record.ts';
import { cancelByWithdrawal, checkCancellable } from './withdraw-before-shipping.ts';
import { withdrawalPeriodOf } from './withdrawal-of-order.ts';

export interface ReturnSelection {
  kind: 'withdrawal' | 'return';
  reason: ReturnReason | null;
  comment: string;
  /** Quantity per order line index. */
  quantities: Record<number, number>;
}

export type ReturnPage =
  | { kind: 'anonymous' }
  | { kind: 'not_found' }
  | { kind: 'forbidden' }
  | { kind: 'redirect'; to: string }
  | {
      kind: 'page';
      options: ReturnOptions;
      view: 'form' | 'review' | 'cancel_review';
      selection: ReturnSelection;
      /** Not shipped yet: a consumer's withdrawal cancels the whole order (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a). */
      cancellable: boolean;
      /** The order is cancelled: nothing is left to send back. */
      cancelled: boolean;
      /** The order was cancelled by this visitor's withdrawal just now (`?withdrawn=1`). */
      withdrawn?: boolean;
      error?: { message: string; field?: string };
      done?: ReturnView;
    };

const EMPTY: ReturnSelection = { kind: 'return', reason: null, comment: '', quantities: {} };

function selectionOf(form: FormData): ReturnSelection {
  const reason = String(form.get('reason') ?? '');
  const quantities: Record<number, number> = {};
  for (const [key, value] of form.entries()) {
    const m = /^qty-(\d{1,3})$/.exec(key);
    const n = Number(value);
    if (m && Number.isInteger(n) && n > 0) quantities[Number(m[1])] = n;
  }
  return {
    kind: form.get('kind') === 'withdrawal' ? 'withdrawal' : 'return',
    reason: (RETURN_REASONS as readonly string[]).includes(reason) ? (reason as ReturnReason) : null,
    comment: String(form.get('comment') ?? '').slice(0, 1000),
    quantities,
  };
}

const linesOf = (options: ReturnOptions, s: ReturnSelection) =>
  Object.entries(s.quantities).map(([line, quantity]) => ({
    line: Number(line),
    sku: options.lines[Number(line)]?.sku ?? '',
    quantity,
  }));

export async function returnPage(
  db: Db,
  r: {
    locale: LocaleCode;
    request: Request;
    cookies: AstroCookies;
    url: URL;
    orderNumber: string;
    /** The page's public path (the redirect after a request goes back to it). */ path: string;
  },
): Promise<ReturnPage> {
  let access: Awaited<ReturnType<typeof orderForReturns>>;
  try {
    access = await orderForReturns(db, r.locale, r.request, r.cookies, r.orderNumber);
  } catch (err) {
    if (err instanceof DomainError) return { kind: err.code === 'unauthorized' ? 'anonymous' : 'not_found' };
    throw err;
  }
  const options = await returnOptions(db, access.order);
  const period = withdrawalPeriodOf(access.order, new Date());
  const cancellable = period.open && period.path === 'cancel';
  const cancelled = access.order.status === 'cancelled';
  if (r.request.method !== 'POST') {
    const done = options.returns.find((x) => x.rma === r.url.searchParams.get('done'));
    const withdrawn = r.url.searchParams.has('withdrawn') && access.order.status === 'cancelled';
    return {
      kind: 'page',
      options,
      view: 'form',
      selection: EMPTY,
      cancellable,
      cancelled,
      ...(done ? { done } : {}),
      ...(withdrawn ? { withdrawn } : {}),
    };
  }
  if (!isSameOriginPost(r.request.headers)) return { kind: 'forbidden' };
  const form = await r.request.formData();
  const selection = selectionOf(form);
  // Shipped, not delivered yet: a withdrawal takes back the whole order (all that is left of each line).
  if (selection.kind === 'withdrawal' && !access.order.deliveredAt)
    selection.quantities = Object.fromEntries(options.lines.filter((l) => l.returnable > 0).map((l) => [l.line, l.returnable]));
  const page = (error?: { message: string; field?: string }, view: 'form' | 'review' | 'cancel_review' = 'form'): ReturnPage => ({
    kind: 'page',
    options,
    view,
    selection,
    cancellable,
    cancelled,
    ...(error ? { error } : {}),
  });
  try {
    // Before shipping the whole order is withdrawn: shown back for confirmation, then cancelled.
    if (form.get('kind') === 'cancel') {
      if (form.get('step') !== 'confirm') {
        checkCancellable(access.order, new Date());
        return page(undefined, 'cancel_review');
      }
      await cancelByWithdrawal(db, access.order, access.by, access.hasAccount);
      return { kind: 'redirect', to: `${r.path}?withdrawn=1` };
    }
    // A withdrawal is first shown back for confirmation, checked exactly as the request will be.
    if (selection.kind === 'withdrawal' && form.get('step') !== 'confirm') {
      const existing = await returnsOfOrder(db, access.order.number);
      checkReturnRequest(access.order, existing, { kind: 'withdrawal', lines: linesOf(options, selection) }, new Date());
      return page(undefined, 'review');
    }
    const created = await requestReturn(
      db,
      access.order,
      {
        order_number: access.order.number,
        kind: selection.kind,
        lines: linesOf(options, selection),
        ...(selection.reason ? { reason: selection.reason } : {}),
        ...(selection.comment.trim() ? { comment: selection.comment.trim() } : {}),
      },
      access.by,
      access.hasAccount,
    );
    return { kind: 'redirect', to: `${r.path}?done=${encodeURIComponent(created.rma)}` };
  } catch (err) {
    if (err instanceof DomainError) return page({ message: err.message, ...(err.field ? { field: err.field } : {}) });
    throw err;
  }
}
