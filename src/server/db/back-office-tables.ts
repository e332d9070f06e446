/** Kysely types of the back office's own table (migration 0029_back_office_orders.sql). */
export interface OrderNotesTable {
  id: string;
  order_id: string;
  /** The staff member who wrote it (the staff account's id, docs/product/back-office.md). */
  staff_id: string;
  body: string;
  created_at: string;
}
