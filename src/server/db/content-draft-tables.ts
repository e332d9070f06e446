/** Kysely types of content drafts and the publish log (migration 0018_content_drafts.sql). */
export interface ContentDraftsTable {
  id: string;
  kind: string;
  locale: string;
  key: string;
  title: string;
  body_html: string;
  meta_description: string;
  hidden: number;
  updated_by: string;
  updated_at: string;
  /** A deal draft's fields as JSON (migration 0023); null for pages and widgets. */
  deal: string | null;
}
export interface ContentPublishLogTable {
  id: string;
  draft_id: string;
  kind: string;
  locale: string;
  key: string;
  published_by: string;
  published_at: string;
  rebuild: string;
}
export interface ContentDraftTables {
  content_drafts: ContentDraftsTable;
  content_publish_log: ContentPublishLogTable;
}
