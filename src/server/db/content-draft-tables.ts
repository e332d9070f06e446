/** Kysely types of content drafts, the publish log (migration 0018_content_drafts.sql) and the studio's tables (0030). */
import type { Generated } from 'kysely';
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
  /** Raised by every save; a save names the revision it started from (migration 0030). */
  revision: Generated<number>;
  /** A scheduled publish (ISO, UTC) and who set it; null when none. */
  publish_at: Generated<string | null>;
  scheduled_by: Generated<string | null>;
  /** The page's translation group across storefronts; null: its own. */
  translation_key: Generated<string | null>;
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
/** What went live at each publish (migration 0030): the history, its diff and a restore. */
export interface ContentVersionsTable {
  id: string;
  kind: string;
  locale: string;
  key: string;
  version: number;
  title: string;
  body_html: string;
  meta_description: string;
  hidden: number;
  deal: string | null;
  published_by: string;
  published_at: string;
}
/** A content page's old address → its new one (migration 0030). */
export interface ContentRedirectsTable {
  locale: string;
  from_slug: string;
  to_slug: string;
  created_by: string;
  created_at: string;
}
/** A Christmas calendar door an editor chose (migration 0032). */
export interface CalendarDoorsTable {
  locale: string;
  door: number;
  product_id: number;
  chosen_by: string;
  chosen_at: string;
}
export interface ContentDraftTables {
  content_drafts: ContentDraftsTable;
  content_publish_log: ContentPublishLogTable;
  content_versions: ContentVersionsTable;
  content_redirects: ContentRedirectsTable;
  calendar_doors: CalendarDoorsTable;
}
