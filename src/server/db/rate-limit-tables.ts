/**
 * Kysely types of the state several nodes share (migration 0015_rate_limits.sql,
 * docs/adr/0010-several-nodes-on-one-postgresql.md): rate-limit windows, the served build, shared secrets.
 */
export interface RateLimitsTable {
  bucket: string;
  key: string;
  hits: number;
  /** ISO time the window ends. */
  window_ends_at: string;
}
export interface ServedBuildTable {
  /** Always 1: one row. */
  id: number;
  /** Directory name under builds/. */
  name: string;
  recorded_at: string;
}
export interface SharedSecretsTable {
  name: string;
  secret: string;
  created_at: string;
}
export interface RateLimitTables {
  rate_limits: RateLimitsTable;
  served_build: ServedBuildTable;
  shared_secrets: SharedSecretsTable;
}
