/**
 * The checkout page's script: unlike the catalogue pages' on-demand islands (docs/adr/0005-islands-and-client-state.md)
 * the checkout needs its island at once, so React loads with the page (budget 120 KB gzip for this page).
 */
import '#lib/api/zod-csp.ts'; // before any parse: docs/product/security.md
import { createRoot } from 'react-dom/client';
import CheckoutPage from './CheckoutPage.tsx';
import type { CheckoutProps } from './checkout-props.ts';

const root = document.getElementById('checkout-root');
const props = document.getElementById('pf-checkout-props');
if (root && props?.textContent) {
  createRoot(root).render(<CheckoutPage {...(JSON.parse(props.textContent) as CheckoutProps)} />);
}
