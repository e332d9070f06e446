/** Kysely types of the product relations (migration 0017_product_relations.sql, docs/product/accessories.md). */
export interface ProductAccessoriesTable {
  product_id: number;
  accessory_id: number;
  position: number;
}
export interface UpsellBundlesTable {
  id: number;
  /** The product whose page shows the bundle. */
  product_id: number;
  /** Whole percent off each line's ordinary price (1–90). */
  discount_percent: number;
  position: number;
}
export interface UpsellBundleLinesTable {
  bundle_id: number;
  product_id: number;
  quantity: number;
  position: number;
}
export interface ProductRelationTables {
  product_accessories: ProductAccessoriesTable;
  upsell_bundles: UpsellBundlesTable;
  upsell_bundle_lines: UpsellBundleLinesTable;
}
