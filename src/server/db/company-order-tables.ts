/** Kysely types of migration 0039_company_orders.sql (docs/adr/0034-company-order-approval.md). */
export interface CompanyOrderApprovalsTable {
  id: string;
  company_id: string;
  checkout_id: string;
  locale: string;
  requested_by: number;
  total_minor: number;
  currency: string;
  /** waiting | approved | declined (src/lib/company/order-approval-rules.ts). */
  status: string;
  reason: string | null;
  decided_by: number | null;
  decided_at: string | null;
  order_id: string | null;
  created_at: string;
}
export interface CompanyOrderTables {
  company_order_approvals: CompanyOrderApprovalsTable;
}
/** The company an order belongs to (null: a consumer's or a guest's order). */
export interface CompanyOrderColumn {
  company_id: string | null;
}
