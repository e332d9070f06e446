/**
 * The Order API endpoints of the Two emulator: create (with the credit decision from the company
 * records), read, confirm, fulfil, cancel, refund, and Two's sandbox-only POST /test/verify_order/{id}.
 */
import { formatMinorUnits, toMinorUnits } from '#lib/pricing/minor-units.ts';
import { validateOrganisationNumber } from '#lib/checkout/organisation-number.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ApiAnswer } from '../shared/http-io.ts';
import type { Notifier } from '../shared/notifier.ts';
import { fieldError, invalidState, notFound, schemaError, twoError } from './two-errors.ts';
import { orderView } from './two-order-view.ts';
import { createOrderRequest, refundRequest } from './two-request-schemas.ts';
import { InvalidState, refunded, type TwoOrderRecord, type TwoStore } from './two-store.ts';
import { companyRecord } from './two-test-data.ts';
import { sendEvents } from './two-webhooks.ts';

export interface TwoContext {
  store: TwoStore;
  notifier: Notifier;
  publicBase: string;
}

const LOCALE: Record<string, LocaleCode> = { SE: 'sv', NO: 'no', DK: 'da', FI: 'fi', NL: 'nl' };
const sum = (values: string[]): number => values.reduce((total, v) => total + toMinorUnits(v), 0);
const view = (ctx: TwoContext, order: TwoOrderRecord, status = 200): ApiAnswer => ({ status, body: orderView(order, ctx.publicBase) });

export function createOrder(ctx: TwoContext, body: unknown): ApiAnswer {
  const input = createOrderRequest.safeParse(body);
  if (!input.success) return schemaError('CreateOrderRequestSchema', input.error);
  const r = input.data;
  const { organization_number: number, country_prefix: country } = r.buyer.company;
  const locale = LOCALE[country];
  const checked = locale ? validateOrganisationNumber(locale, number) : { ok: false as const };
  if (!checked.ok)
    return fieldError(
      'CreateOrderRequestSchema',
      ['buyer', 'company', 'organization_number'],
      `Invalid organization number for ${country}`,
    );
  // Two rejects orders whose parts do not add up (decline reasons INVALID_ORDER_DATA_…).
  if (
    toMinorUnits(r.gross_amount) !== toMinorUnits(r.net_amount) + toMinorUnits(r.tax_amount) ||
    toMinorUnits(r.gross_amount) !== sum(r.line_items.map((l) => l.gross_amount)) ||
    r.line_items.some((l) => toMinorUnits(l.gross_amount) !== toMinorUnits(l.net_amount) + toMinorUnits(l.tax_amount))
  ) {
    return twoError(
      400,
      'INVALID_ORDER_DATA_TOTAL_AMOUNT_MISMATCH',
      'gross_amount must equal net_amount + tax_amount and the sum of the line items',
    );
  }
  const record = companyRecord(country, checked.normalized);
  const decision = record?.decision ?? 'REJECTED';
  const reason = !record ? 'BUYER_NOT_FOUND' : decision === 'REJECTED' ? 'CREDIT_CHECK_FAILED' : null;
  const { order, events } = ctx.store.create(r, record?.name ?? r.buyer.company.company_name ?? number, decision, reason);
  sendEvents(ctx.notifier, order, events);
  return view(ctx, order, 201);
}

export function readOrder(ctx: TwoContext, id: string): ApiAnswer {
  const order = ctx.store.orders.get(id);
  return order ? view(ctx, order) : notFound(`Order ${id} not found`);
}

export type OrderAction = 'confirm' | 'fulfilled' | 'cancel' | 'refund' | 'verify';

export function orderAction(ctx: TwoContext, id: string, action: OrderAction, body: unknown): ApiAnswer {
  const order = ctx.store.orders.get(id);
  if (!order) return notFound(`Order ${id} not found`);
  try {
    switch (action) {
      case 'confirm':
        ctx.store.confirm(order);
        return view(ctx, order);
      case 'fulfilled':
        sendEvents(ctx.notifier, order, ctx.store.fulfil(order));
        return { status: 200, body: { fulfilled_order: { id: order.id }, remained_order: null } };
      case 'cancel': {
        const { already, events } = ctx.store.cancel(order);
        sendEvents(ctx.notifier, order, events);
        return { status: already ? 202 : 200 };
      }
      case 'verify':
        sendEvents(ctx.notifier, order, ctx.store.verify(order, true));
        return { status: 200, body: { merchant_confirmation_url: order.request.merchant_urls.merchant_confirmation_url } };
      case 'refund':
        return refund(ctx, order, body);
    }
  } catch (error) {
    if (error instanceof InvalidState) return invalidState(error.message);
    throw error;
  }
}

/** A full refund may omit everything; a partial one must name amount, currency and tax_subtotals. */
function refund(ctx: TwoContext, order: TwoOrderRecord, body: unknown): ApiAnswer {
  const input = refundRequest.safeParse(body);
  if (!input.success) return schemaError('RefundRequestSchema', input.error);
  const left = order.grossMinor - refunded(order);
  const amountMinor = input.data.amount ? toMinorUnits(input.data.amount) : left;
  if (input.data.currency && input.data.currency !== order.request.currency)
    return fieldError('RefundRequestSchema', ['currency'], `must be ${order.request.currency}`);
  if (amountMinor !== left && !input.data.tax_subtotals?.length)
    return fieldError('PartialRefundRequestSchema', ['tax_subtotals'], 'field required for a partial refund');
  const { refund: made, events } = ctx.store.refund(order, amountMinor, input.data.refund_reference ?? null);
  sendEvents(ctx.notifier, order, events);
  return {
    status: 201,
    body: {
      id: made.id,
      amount: formatMinorUnits(-amountMinor),
      total_amount: formatMinorUnits(-amountMinor),
      payable_amount: formatMinorUnits(-amountMinor),
      prepaid_amount: '0.00',
      currency: order.request.currency,
      refund_no: order.refunds.length,
      credit_note_number: made.creditNoteNumber,
      credit_note_url: null,
      reason: input.data.reason ?? null,
      refund_reference: made.reference,
      refund_date: made.date,
    },
  };
}
