/** HTML of the Klarna emulator's Hosted Payment Page: the order, a test-person selector and the shopper's choices. */
import { escapeHtml as h, formatAmount, renderPage } from '../shared/html-page.ts';
import type { HppSession, KpSession } from './klarna-state.ts';
import { defaultPerson, TEST_PERSONS, type PersonKey } from './klarna-test-data.ts';

const page = (title: string, body: string): string => renderPage({ provider: 'Klarna Hosted Payment Page', title, body });

function orderTable(kp: KpSession): string {
  const currency = kp.data.purchase_currency.toUpperCase();
  const rows = kp.data.order_lines
    .map((l) => `<tr><td>${h(l.quantity)} × ${h(l.name)}</td><td class="num">${h(formatAmount(l.total_amount, currency))}</td></tr>`)
    .join('');
  return `<table>${rows}<tr><td><strong>Total</strong></td><td class="num"><strong>${h(formatAmount(kp.data.order_amount, currency))}</strong></td></tr></table>`;
}

export function paymentPage(hpp: HppSession, kp: KpSession): string {
  const preset = defaultPerson(kp.data.billing_address?.email);
  const options = (Object.keys(TEST_PERSONS) as PersonKey[])
    .map((key) => `<option value="${key}"${key === preset ? ' selected' : ''}>${h(TEST_PERSONS[key].label)}</option>`)
    .join('');
  return page(
    'Pay later with Klarna',
    `${kp.data.merchant_reference1 ? `<p>Order <strong>${h(kp.data.merchant_reference1)}</strong></p>` : ''}
${orderTable(kp)}
<form method="post" action="/klarna/pay/${encodeURIComponent(hpp.id)}">
<label for="person">Who is buying (sandbox test person)</label><select id="person" name="person">${options}</select>
<p class="muted">Approve asks Klarna for credit for the selected person; Decline simulates Klarna refusing it.</p>
<div class="actions"><button class="primary" type="submit" name="action" value="approve">Approve purchase</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="back">Back to the store</button></div></form>`,
  );
}

export function closedPage(hpp: HppSession | undefined, expired: boolean): string {
  const status = expired ? 'expired' : hpp ? hpp.status : 'unknown';
  return page('Payment session closed', `<p>This Klarna payment session is <strong>${h(status)}</strong> and can no longer be used.</p>`);
}

/** Shown when the merchant gave no URL for the outcome. */
export function resultPage(hpp: HppSession): string {
  return page(
    'Klarna result',
    `<p>Session <code>${h(hpp.id)}</code> is <strong>${h(hpp.status)}</strong>.</p>${hpp.authorizationToken ? `<p>Authorization token: <code>${h(hpp.authorizationToken)}</code></p>` : ''}`,
  );
}
