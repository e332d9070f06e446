/** Kysely types of the studio's images (migration 0031_media.sql). */
export interface MediaTable {
  id: string;
  sha256: string;
  file_name: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
  uploaded_by: string;
  uploaded_at: string;
}
export interface MediaVariantsTable {
  media_id: string;
  width: number;
  format: string;
  height: number;
  byte_length: number;
  /** BYTEA on PostgreSQL (read as a Buffer), BLOB on SQLite (read as a Uint8Array). */
  bytes: Uint8Array;
}
