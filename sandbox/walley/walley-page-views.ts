/** HTML of the Walley checkout page (what the real checkout iframe shows), SANDBOX-bannered. */
import { escapeHtml, formatAmount, renderPage } from '../shared/html-page.ts';
import type { Checkout } from './walley-store.ts';
import { WALLEY_TEST_PERSONS } from './walley-test-data.ts';

const PROVIDER = 'Walley';

export function checkoutPage(c: Checkout, error?: string): string {
  const rows = c.request.cart.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.quantity)} × ${escapeHtml(i.description)}</td><td class="num">${escapeHtml(i.unitPrice.toFixed(2))}</td></tr>`,
    )
    .join('');
  const fee = c.request.fees?.shipping;
  const feeRow = fee ? `<tr><td>${escapeHtml(fee.description)}</td><td class="num">${escapeHtml(fee.unitPrice.toFixed(2))}</td></tr>` : '';
  const persons = WALLEY_TEST_PERSONS.map(
    (p) =>
      `<li><code>${escapeHtml(p.nationalId)}</code> ${escapeHtml(p.firstName)} ${escapeHtml(p.lastName)} → ${escapeHtml(p.result)}</li>`,
  ).join('');
  return renderPage({
    provider: PROVIDER,
    title: 'Pay by invoice',
    body: `<table>${rows}${feeRow}<tr><td><strong>Total</strong></td><td class="num"><strong>${escapeHtml(formatAmount(c.totalMinor, c.currency))}</strong></td></tr></table>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="">
<label for="nid">Personal identity number</label>
<input id="nid" name="nationalIdentificationNumber" value="" autocomplete="off">
<div class="actions"><button class="primary" name="action" value="purchase">Complete purchase</button>
<button name="action" value="abort">Back to the store</button></div>
</form>
<p class="muted">Test persons:</p><ul class="muted">${persons}</ul>`,
  });
}

export function closedPage(c: Checkout): string {
  return renderPage({
    provider: PROVIDER,
    title: 'This checkout is closed',
    body: `<p>Status: ${escapeHtml(c.status)}. Return to the store to start again.</p>`,
  });
}

export function donePage(c: Checkout): string {
  return renderPage({
    provider: PROVIDER,
    title: 'Thank you',
    body: `<p>Purchase ${escapeHtml(c.purchase?.result ?? c.status)}. No redirect address was given.</p>`,
  });
}
