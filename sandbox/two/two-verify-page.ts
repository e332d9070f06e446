/**
 * GET/POST /two/checkout/{orderId}: the page behind Two's `payment_url`, where the buyer's
 * representative verifies the purchase (BankID/Vipps in real life). Verify → VERIFIED, webhook
 * order.verified.v1, redirect to merchant_confirmation_url; Reject → status REJECTED
 * (DECLINED_IN_VERIFICATION), order.rejected.v1, redirect to merchant_order_verification_failed_url;
 * Cancel → back to merchant_cancel_order_url with the order left UNVERIFIED.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import { escapeHtml, formatAmount, renderPage } from '../shared/html-page.ts';
import { notFound, readForm, redirect, sendHtml } from '../shared/http-io.ts';
import type { TwoContext } from './two-order-api.ts';
import type { TwoOrderRecord } from './two-store.ts';
import { sendEvents } from './two-webhooks.ts';

export async function handleVerifyPage(ctx: TwoContext, req: IncomingMessage, res: ServerResponse, orderId: string): Promise<void> {
  const order = ctx.store.orders.get(orderId);
  if (!order) return notFound(res);
  if (order.state !== 'UNVERIFIED' || order.status !== 'APPROVED') {
    return sendHtml(
      res,
      410,
      renderPage({
        provider: 'Two',
        title: 'This order is no longer open',
        body: `<p>State ${escapeHtml(order.state)}, status ${escapeHtml(order.status)}.</p>`,
      }),
    );
  }
  if (req.method === 'GET') return sendHtml(res, 200, page(order));
  if (req.method !== 'POST') return notFound(res);
  const action = (await readForm(req)).get('action');
  const urls = order.request.merchant_urls;
  if (action === 'verify' || action === 'reject') {
    sendEvents(ctx.notifier, order, ctx.store.verify(order, action === 'verify'));
    const next =
      action === 'verify'
        ? urls.merchant_confirmation_url
        : (urls.merchant_order_verification_failed_url ?? urls.merchant_cancel_order_url);
    return next ? redirect(res, next) : sendHtml(res, 200, page(order));
  }
  if (action === 'cancel' && urls.merchant_cancel_order_url) return redirect(res, urls.merchant_cancel_order_url);
  return sendHtml(res, 400, page(order));
}

function page(order: TwoOrderRecord): string {
  const r = order.request;
  const rep = r.buyer.representative;
  return renderPage({
    provider: 'Two',
    title: 'Verify your business purchase',
    body: `<p><strong>${escapeHtml(order.companyName)}</strong> (${escapeHtml(r.buyer.company.organization_number)}, ${escapeHtml(r.buyer.company.country_prefix)})</p>
<p>Invoice amount: <strong>${escapeHtml(formatAmount(toMinorUnits(r.gross_amount), r.currency))}</strong>, due in 30 days.</p>
<p>Representative: ${escapeHtml(rep.first_name)} ${escapeHtml(rep.last_name)}, ${escapeHtml(rep.email)}</p>
<form method="post" action="">
<div class="actions"><button class="primary" name="action" value="verify">Verify with BankID (sandbox)</button>
<button name="action" value="reject">Fail verification</button>
<button name="action" value="cancel">Cancel and return to the store</button></div>
</form>
<p class="muted">Two credit-checks the company when the order is created; declined companies never get this page.</p>`,
  });
}
