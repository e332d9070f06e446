/** Kysely types of company accounts (migration 0038_companies.sql, docs/product/company-accounts.md). */
export interface CompaniesTable {
  id: string;
  locale: string;
  name: string;
  organisation_number: string;
  vat_number: string | null;
  peppol_id: string | null;
  invoice_reference: string | null;
  billing_street: string;
  billing_postal_code: string;
  billing_city: string;
  created_at: string;
}
export interface CompanyMembersTable {
  customer_id: number;
  company_id: string;
  /** admin | buyer | viewer (src/lib/company/company-roles.ts). */
  role: string;
  spending_limit_minor: number | null;
  created_at: string;
}
export interface CompanyInvitationsTable {
  token_hash: string;
  company_id: string;
  email: string;
  role: string;
  spending_limit_minor: number | null;
  invited_by: number;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}
export interface CompanyAddressesTable {
  id: string;
  company_id: string;
  label: string;
  street: string;
  postal_code: string;
  city: string;
  created_at: string;
}
export interface CompanyTables {
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  company_addresses: CompanyAddressesTable;
}
