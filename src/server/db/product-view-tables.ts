/** Kysely types of the product view counts (migration 0021_product_view_counts.sql, docs/product/tracking.md#social-proof). */
export interface ProductViewCountsTable {
  locale: string;
  sku: string;
  /** UTC hour, "2026-11-24T15". */
  hour: string;
  views: number;
}
export interface ProductViewTables {
  product_view_counts: ProductViewCountsTable;
}
