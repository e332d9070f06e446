/** Kysely types of the back office's staff tables (migration 0028_staff.sql, docs/product/back-office.md). */
export interface StaffUsersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  role: string;
  locale: string;
  password_hash: string;
  totp_secret: string | null;
  /** 0/1 */
  totp_enabled: number;
  disabled_at: string | null;
  created_at: string;
}
export interface StaffSessionsTable {
  token_hash: string;
  staff_id: string;
  /** 'totp' | 'enrol' | 'active' */
  stage: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
}
export interface StaffInvitesTable {
  token_hash: string;
  email: string;
  role: string;
  locale: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface StaffAuditTable {
  id: string;
  at: string;
  staff_id: string | null;
  actor_email: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
}
export interface StaffSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}
export interface StaffTables {
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_invites: StaffInvitesTable;
  staff_audit: StaffAuditTable;
  staff_settings: StaffSettingsTable;
}
