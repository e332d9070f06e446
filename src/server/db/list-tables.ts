/** Kysely types of lists and the saved cart (migration 0041_lists.sql, docs/product/lists.md). */
export interface ShoppingListsTable {
  id: string;
  locale: string;
  company_id: string | null;
  customer_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}
export interface ShoppingListLinesTable {
  list_id: string;
  sku: string;
  quantity: number;
  note: string | null;
  position: number;
}
export interface SavedCartsTable {
  customer_id: number;
  locale: string;
  /** JSON: [{ "sku": string, "quantity": number }] */
  lines: string;
  saved_at: string;
}
export interface ListTables {
  shopping_lists: ShoppingListsTable;
  shopping_list_lines: ShoppingListLinesTable;
  saved_carts: SavedCartsTable;
}
