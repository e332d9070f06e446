/** Kysely types of the change feed of incremental pages (migration 0022_catalogue_changes.sql). */
export interface CatalogueChangesTable {
  seq: number;
  tags: string;
  locales: string;
  reason: string;
  changed_by: string;
  created_at: string;
}
export interface CatalogueChangeTables {
  catalogue_changes: CatalogueChangesTable;
}
