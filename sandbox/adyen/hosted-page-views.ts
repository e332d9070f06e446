/** HTML of the Adyen emulator's Hosted Checkout pages (one per payment method, plus the 3-D Secure challenge). */
import { escapeHtml as h, formatAmount, renderPage } from '../shared/html-page.ts';
import type { AdyenSession } from './adyen-state.ts';
import { IDEAL_BANKS, TEST_CARDS, WALLET_NAMES, type MethodType } from './adyen-test-data.ts';

const page = (title: string, body: string): string => renderPage({ provider: 'Adyen Hosted Checkout', title, body });
const payPath = (s: AdyenSession): string => `/adyen/checkoutshopper/pay/${encodeURIComponent(s.id)}`;
const total = (s: AdyenSession): string => formatAmount(s.amount.value, s.amount.currency);

function header(s: AdyenSession): string {
  return `<p>Order <strong>${h(s.reference)}</strong> · <strong>${h(total(s))}</strong></p>`;
}

function cancelForm(s: AdyenSession): string {
  return `<form method="post" action="${payPath(s)}"><div class="actions"><button type="submit" name="action" value="cancel">Cancel payment and return to the shop</button></div></form>`;
}

function cardForm(s: AdyenSession, method: MethodType, error?: string): string {
  const cards = Object.entries(TEST_CARDS)
    .map(([n, c]) => `<li><code>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> – ${h(c.brand)}, ${h(c.outcome)}</li>`)
    .join('');
  return `${error ? `<p class="error" role="alert">${h(error)}</p>` : ''}
<form method="post" action="${payPath(s)}"><input type="hidden" name="method" value="${h(method)}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" value="">
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" value="03/30">
<label for="cvc">Security code</label><input id="cvc" name="cvc" value="737">
<label for="holder">Name on card</label><input id="holder" name="holder" value="Testa Kund">
<div class="actions"><button class="primary" type="submit" name="action" value="pay">Pay ${h(total(s))}</button></div></form>
<p class="muted">Sandbox test cards (any expiry in the future, any CVC):</p><ul class="muted">${cards}</ul>`;
}

function walletForm(s: AdyenSession, method: MethodType): string {
  const name = WALLET_NAMES[method] ?? method;
  return `<p>Open the <strong>${h(name)}</strong> app on your phone and approve the payment.</p>
<p class="muted">This sandbox page stands in for the app: choose the answer the shopper gives there.</p>
<form method="post" action="${payPath(s)}"><input type="hidden" name="method" value="${h(method)}">
<div class="actions"><button class="primary" type="submit" name="action" value="approve">Approve in ${h(name)}</button>
<button type="submit" name="action" value="decline">Decline in ${h(name)}</button></div></form>`;
}

function idealForm(s: AdyenSession): string {
  const banks = IDEAL_BANKS.map((b) => `<option value="${h(b)}">${h(b)}</option>`).join('');
  return `<form method="post" action="${payPath(s)}"><input type="hidden" name="method" value="ideal">
<label for="issuer">Choose your bank</label><select id="issuer" name="issuer">${banks}</select>
<p class="muted">In the sandbox the bank step is these two buttons.</p>
<div class="actions"><button class="primary" type="submit" name="action" value="approve">Approve at the bank</button>
<button type="submit" name="action" value="decline">Decline at the bank</button></div></form>`;
}

export function methodPage(s: AdyenSession, method: MethodType, error?: string): string {
  const titles: Record<MethodType, string> = {
    scheme: 'Pay by card',
    dankort: 'Pay with Dankort',
    ideal: 'Pay with iDEAL',
    swish: 'Pay with Swish',
    vipps: 'Pay with Vipps',
    mobilepay: 'Pay with MobilePay',
  };
  const form =
    method === 'scheme' || method === 'dankort' ? cardForm(s, method, error) : method === 'ideal' ? idealForm(s) : walletForm(s, method);
  return page(titles[method], `${header(s)}${form}${cancelForm(s)}`);
}

export function chooserPage(s: AdyenSession): string {
  const links = s.allowedPaymentMethods.map((m) => `<li><a href="${payPath(s)}?method=${m}">${h(m)}</a></li>`).join('');
  return page('Choose a payment method', `${header(s)}<ul>${links}</ul>${cancelForm(s)}`);
}

export function challengePage(s: AdyenSession): string {
  return page(
    '3-D Secure 2 challenge',
    `${header(s)}<p>Your bank asks you to confirm this payment.</p>
<form method="post" action="/adyen/checkoutshopper/challenge/${encodeURIComponent(s.id)}">
<div class="actions"><button class="primary" type="submit" name="action" value="complete">Complete</button>
<button type="submit" name="action" value="cancel">Cancel</button></div></form>`,
  );
}

export function closedPage(s: AdyenSession): string {
  return page(
    'Payment session closed',
    `${header(s)}<p>This payment session is <strong>${h(s.status)}</strong> and can no longer be used.</p>`,
  );
}
