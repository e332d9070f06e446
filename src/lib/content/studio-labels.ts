/** Placeholder until helper E's labels land. */
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
export const STUDIO_EDITOR_LABELS: readonly BoKey[] = ['content.editor_title'];
