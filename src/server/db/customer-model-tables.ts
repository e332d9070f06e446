/** Kysely types of the account's saved models (migration 0035_customer_models.sql, docs/product/parts-finder.md#my-appliances). */
export interface CustomerModelsTable {
  customer_id: number;
  model_id: number;
  /** ISO 8601 UTC. */
  saved_at: string;
}
export interface CustomerModelTables {
  customer_models: CustomerModelsTable;
}
