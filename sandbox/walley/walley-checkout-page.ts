/**
 * GET/POST /walley/checkout-page/{publicToken}: the checkout the real Walley renders in its iframe
 * (walley-checkout-loader.js, data-token = publicToken), served here as a standalone page.
 * "Complete purchase" credit-checks the person typed in (see walley-test-data.ts), notifies and
 * redirects to redirectPageUri; "Back to the store" aborts and goes to checkoutAbortedRedirectPageUri.
 * Simplification: a denied credit check ends the purchase with result Rejected (real Walley lets the
 * shopper pick another payment method in the iframe).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { notFound, readForm, redirect, sendHtml } from '../shared/http-io.ts';
import { fillPlaceholders, notifyPurchase, type WalleyContext } from './walley-context.ts';
import { checkoutPage, closedPage, donePage } from './walley-page-views.ts';
import { personFor } from './walley-test-data.ts';

export async function handleCheckoutPage(
  ctx: WalleyContext,
  req: IncomingMessage,
  res: ServerResponse,
  publicToken: string,
): Promise<void> {
  const checkout = ctx.store.byToken(publicToken);
  if (!checkout) return notFound(res);
  if (checkout.status !== 'Initialized' && checkout.status !== 'CustomerIdentified') return sendHtml(res, 410, closedPage(checkout));
  if (req.method === 'GET') return sendHtml(res, 200, checkoutPage(checkout));
  if (req.method !== 'POST') return notFound(res);
  const form = await readForm(req);
  if (form.get('action') === 'abort') {
    checkout.status = 'Aborted';
    notifyPurchase(ctx, checkout, 'checkout aborted');
    const back = checkout.request.checkoutAbortedRedirectPageUri;
    return back ? redirect(res, fillPlaceholders(back, checkout)) : sendHtml(res, 200, donePage(checkout));
  }
  const nationalId = form.get('nationalIdentificationNumber')?.trim() ?? '';
  if (form.get('action') !== 'purchase' || !nationalId)
    return sendHtml(res, 400, checkoutPage(checkout, 'Enter a personal identity number'));
  ctx.store.completePurchase(checkout, personFor(nationalId));
  notifyPurchase(ctx, checkout, `purchase ${checkout.purchase?.result}`);
  const next = checkout.request.redirectPageUri;
  return next ? redirect(res, fillPlaceholders(next, checkout)) : sendHtml(res, 200, donePage(checkout));
}
