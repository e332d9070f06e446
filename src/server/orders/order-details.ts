/** What an order keeps of its checkout (orders.details JSON): enough to show, invoice, ship and refund it. */
import type { CheckoutCustomer, CheckoutTotals, ServicePointView } from '#lib/api/checkout-contracts.ts';

export interface OrderLineDetail {
  sku: string;
  name: string;
  quantity: number;
  unit_price_minor: number;
  total_minor: number;
  vat_rate: number;
}

export interface OrderDetails {
  checkout_id: string;
  customer: Partial<CheckoutCustomer>;
  lines: OrderLineDetail[];
  totals: CheckoutTotals;
  coupons: string[];
  shipping: {
    /** What the visitor's experiment asked for ('eel' or 'external'). */
    processor: string;
    /** The provider that served it ('eel', 'ingrid'); absent on orders made before external shipping. */
    served_by?: string;
    /** The processor's session that became this order's (Ingrid: its Delivery Checkout session, the transport order's source). */
    session_id?: string | null;
    option_id: string;
    carrier: string;
    name: string;
    min_days: number;
    max_days: number;
    service_point: ServicePointView | null;
  };
  payment: { method: string; method_name: string; provider: string; session_id: string | null; provider_reference: string | null };
  invoice_reference: { scheme: string; reference: string; display: string } | null;
  /**
   * The company the order was placed for, as it was then (orders.company_id names it): the buyer's identity on the
   * invoice and the e-invoice (ADR 0033, docs/product/company-accounts.md#orders). Absent on other orders.
   */
  company?: OrderCompany;
  /** The quote the order was placed at (docs/product/quotes.md): its lines are at the quoted prices. */
  quote_id?: string;
}

export interface OrderCompany {
  id: string;
  name: string;
  organisation_number: string;
  vat_number: string | null;
  /** "<ICD scheme>:<id>"; null: the organisation number under its country's scheme. */
  peppol_id: string | null;
  /** The company's standing buyer reference for its invoices. */
  invoice_reference: string | null;
  /** The member who placed it (an approved order's approver is on its approval request, ADR 0034). */
  placed_by: { customer_id: number; name: string };
}

export const parseOrderDetails = (json: string): OrderDetails => JSON.parse(json) as OrderDetails;
