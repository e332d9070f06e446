/**
 * The company side of a checkout (docs/product/company-accounts.md#orders, docs/adr/0034-company-order-approval.md):
 * a logged-in member of a company account orders for the company in its storefront, so the order carries the
 * company and a snapshot of its buyer identity (what the invoice and the e-invoice show of the buyer).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import { customerById, customerOf } from '#server/auth/account-service.ts';
import { membershipOf, type Membership } from '#server/company/company-accounts.ts';
import type { OrderCompany } from '#server/orders/order-details.ts';

/** The company the shopper buys for, when they are logged in and it buys in this storefront. */
export async function companyMemberOf(db: Db, locale: LocaleCode, ctx: CartContext): Promise<Membership | undefined> {
  const id = ctx.customer?.id;
  if (id === undefined) return undefined;
  const m = await membershipOf(db, id);
  return m && m.company.locale === locale ? m : undefined;
}

/** The same for the customer signed in on a request (the checkout page's notice, before any checkout call). */
export async function companyMemberOfRequest(db: Db, locale: LocaleCode, headers: Headers): Promise<Membership | undefined> {
  const user = await customerOf(db, headers);
  return user ? companyMemberOf(db, locale, { customer: { id: user.id, discounts: {} } }) : undefined;
}

/** What the order keeps of the company as it is at completion (orders.details.company). */
export async function orderCompanyOf(db: Db, m: Membership): Promise<OrderCompany> {
  const placer = await customerById(db, m.customerId);
  return {
    id: m.company.id,
    name: m.company.name,
    organisation_number: m.company.organisationNumber,
    vat_number: m.company.vatNumber,
    peppol_id: m.company.peppolId,
    invoice_reference: m.company.invoiceReference,
    placed_by: { customer_id: m.customerId, name: placer?.name || placer?.email || '' },
  };
}
