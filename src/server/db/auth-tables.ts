/** Kysely types of the server-side auth state (migration 0009_auth_sessions.sql, docs/product/accounts.md#tokens). */
export interface AuthRefreshTokensTable {
  /** SHA-256 (hex) of the refresh token; the token itself is never stored. */
  token_hash: string;
  family_id: string;
  scope: string;
  customer_id: number | null;
  order_id: string | null;
  created_at: string;
  expires_at: string;
  /** When it was rotated; presenting it again revokes the family. */
  used_at: string | null;
}
export interface AuthTokenFamiliesTable {
  id: string;
  scope: string;
  created_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
}
export interface AuthOneTimeTokensTable {
  token_hash: string;
  purpose: string;
  customer_id: number;
  email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface AuthTables {
  auth_refresh_tokens: AuthRefreshTokensTable;
  auth_token_families: AuthTokenFamiliesTable;
  auth_one_time_tokens: AuthOneTimeTokensTable;
}
