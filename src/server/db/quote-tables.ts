/** Kysely types of quotes (migration 0042_quotes.sql, docs/product/quotes.md). */
export interface QuotesTable {
  id: string;
  locale: string;
  customer_id: number;
  company_id: string | null;
  /** open | answered | declined | accepted | ordered (src/lib/quotes/quote-rules.ts). */
  status: string;
  /** JSON QuoteLine[] (src/lib/quotes/quote-rules.ts). */
  lines: string;
  comment: string;
  answer_text: string | null;
  valid_until: string | null;
  asked_total_minor: number;
  quoted_total_minor: number | null;
  answered_by: string | null;
  checkout_id: string | null;
  order_id: string | null;
  created_at: string;
  answered_at: string | null;
  accepted_at: string | null;
}
export interface QuoteTables {
  quotes: QuotesTable;
}
/** The quote a checkout was opened for (null: an ordinary checkout priced by the cart service). */
export interface QuoteCheckoutColumn {
  quote_id: string | null;
}
