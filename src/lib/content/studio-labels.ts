/**
 * The UI texts the studio's editor island needs (src/islands/studio/StudioEditor.tsx): back-office i18n keys
 * (src/locales/backoffice/*.json). The page passes exactly these, in the staff member's language:
 * `Object.fromEntries(STUDIO_EDITOR_LABELS.map((k) => [k, t(k)]))`. `{name}`, `{time}` and `{message}` are
 * filled in by the island.
 */
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';

export const STUDIO_EDITOR_LABELS = [
  'studio.title_label',
  'studio.meta_label',
  'studio.hidden_label',
  'studio.editor_label',
  'studio.toolbar',
  'studio.tool_h2',
  'studio.tool_h3',
  'studio.tool_h4',
  'studio.tool_bold',
  'studio.tool_italic',
  'studio.tool_bullet',
  'studio.tool_ordered',
  'studio.tool_link',
  'studio.tool_internal_link',
  'studio.tool_image',
  'studio.tool_table',
  'studio.tool_row_add',
  'studio.tool_column_add',
  'studio.tool_table_delete',
  'studio.status_idle',
  'studio.status_pending',
  'studio.status_saving',
  'studio.status_saved',
  'studio.status_offline',
  'studio.status_refused',
  'studio.status_conflict',
  'studio.conflict_reload',
  'studio.cancel',
  'studio.link_title',
  'studio.link_url',
  'studio.link_invalid',
  'studio.link_apply',
  'studio.link_remove',
  'studio.picker_title',
  'studio.picker_search',
  'studio.picker_empty',
  'studio.picker_failed',
  'studio.kind_page',
  'studio.kind_category',
  'studio.kind_brand',
  'studio.kind_product',
  'studio.image_title',
  'studio.image_file',
  'studio.image_alt',
  'studio.image_alt_required',
  'studio.image_file_required',
  'studio.image_insert',
  'studio.image_uploading',
  'studio.image_failed',
  'studio.preview_title',
  'studio.preview_none',
  'studio.preview_mobile',
  'studio.preview_desktop',
] as const satisfies readonly BoKey[];

export type StudioLabelKey = (typeof STUDIO_EDITOR_LABELS)[number];
export type StudioLabels = Record<StudioLabelKey, string>;

/** A label with its `{name}` placeholders filled (the island's own tiny translator). */
export function fillLabel(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
}
