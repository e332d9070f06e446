/** Request bodies of the content editing API (docs/product/content-editing.md#api). */
import { z } from 'zod';
import { WIDGET_SLUGS } from '#lib/api/content-contracts.ts';

const editor = z.string().trim().min(1).max(80);

export const saveDraftSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    key: z.string().regex(/^[a-z0-9][a-z0-9-/]{0,119}$/, 'a content page slug'),
    title: z.string().trim().min(1).max(200),
    bodyHtml: z.string().max(200_000),
    metaDescription: z.string().max(300).default(''),
    editor,
  }),
  z.object({
    kind: z.literal('widget'),
    key: z.enum(WIDGET_SLUGS),
    bodyHtml: z.string().max(200_000),
    hidden: z.boolean().default(false),
    editor,
  }),
]);
export type SaveDraft = z.infer<typeof saveDraftSchema>;

export const draftRefSchema = z.object({ draftId: z.uuid() });
export const publishSchema = draftRefSchema.extend({ editor });
