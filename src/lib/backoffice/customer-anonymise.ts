/**
 * What erasure (GDPR art. 17) replaces and what bookkeeping keeps (docs/product/back-office-data.md#anonymisation):
 * a person's name, e-mail, phone and address go; an order's number, dates, lines, amounts, VAT, payment and
 * shipping references stay (bokföringslagen 7 kap.: seven years). A business buyer's company name and organisation
 * number stay on its orders: an invoice must name the buyer (mervärdesskattelagen), and they are not a person's data.
 */
import type { CheckoutCustomer } from '#lib/api/checkout-contracts.ts';

/** The e-mail an erased account and its orders carry: unique per account, never deliverable (.invalid, RFC 2606). */
export const anonymisedEmail = (customerId: number): string => `erased-${customerId}@erased.invalid`;
export const isAnonymisedEmail = (email: string): boolean => /^erased-\d+@erased\.invalid$/.test(email);
export const ERASED = 'erased';

/** An order snapshot's customer with the person's data replaced. */
export function anonymisedOrderCustomer(customer: Partial<CheckoutCustomer>, email: string): Partial<CheckoutCustomer> {
  const out: Partial<CheckoutCustomer> = {
    ...customer,
    email,
    mobile: '',
    first_name: ERASED,
    last_name: '',
    street: '',
    postal_code: '',
    city: '',
  };
  delete out.create_account;
  if (customer.type !== 'business') {
    delete out.company_name;
    delete out.organisation_number;
  }
  return out;
}

/** Order states still in progress: erasing their customer would lose where to ship or whom to refund. */
export const OPEN_ORDER_STATES = ['pending_payment', 'placed', 'invoiced', 'paid', 'picked', 'shipped'] as const;
/** Return states still in progress. */
export const OPEN_RETURN_STATES = ['requested', 'approved', 'received'] as const;

/** Account search text as the search compares phone numbers: digits only. */
export const phoneDigits = (text: string): string => text.replace(/\D/g, '');
