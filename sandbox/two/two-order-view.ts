/** An order as Two's OrderResponseSchema shows it (the fields the emulator keeps). */
import { formatMinorUnits } from '#lib/pricing/minor-units.ts';
import { refunded, type TwoOrderRecord } from './two-store.ts';
import { TWO_MERCHANT_ID } from './two-test-data.ts';

export function orderView(order: TwoOrderRecord, publicBase: string) {
  const r = order.request;
  const open = order.state === 'UNVERIFIED' && order.status === 'APPROVED';
  return {
    id: order.id,
    merchant_id: TWO_MERCHANT_ID,
    merchant_order_id: r.merchant_order_id,
    merchant_reference: r.merchant_reference ?? null,
    order_placed_date: order.created,
    date_created: order.created,
    date_updated: order.updated,
    date_fulfilled: order.fulfilled,
    state: order.state,
    status: order.status,
    decline_reason: order.declineReason,
    currency: r.currency,
    gross_amount: r.gross_amount,
    net_amount: r.net_amount,
    tax_amount: r.tax_amount,
    discount_amount: '0.00',
    discount_rate: '0',
    invoice_amount: r.gross_amount,
    payable_amount: formatMinorUnits(order.grossMinor - refunded(order)),
    prepaid_amount: '0.00',
    invoice_type: 'FUNDED_INVOICE',
    order_type: 'BUYER_INITIATED',
    buyer: { company: { ...r.buyer.company, company_name: order.companyName }, representative: r.buyer.representative },
    line_items: r.line_items,
    tax_subtotals: r.tax_subtotals,
    billing_address: r.billing_address,
    shipping_address: r.shipping_address ?? r.billing_address,
    merchant_urls: r.merchant_urls,
    payment_url: open ? `${publicBase}/checkout/${order.id}` : null,
    invoice_url: null, // invoice PDFs are not emulated
    refunds: order.refunds.map((f) => ({
      id: f.id,
      amount: formatMinorUnits(-f.amountMinor),
      currency: r.currency,
      refund_reference: f.reference,
      credit_note_number: f.creditNoteNumber,
      refund_date: f.date,
    })),
  };
}
