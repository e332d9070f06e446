/** Request bodies of the content editing API (docs/product/content-editing.md#drafts). */
import { z } from 'zod';
import { WIDGET_SLUGS } from '#lib/api/content-contracts.ts';

/** Who edits: optional with an editor's own token (it names them), required with the operator token. */
const editor = z.string().trim().min(1).max(80).optional();

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
  z
    .object({
      kind: z.literal('deal'),
      /** An existing deal's id, or `new` for a deal published for the first time. */
      key: z.string().regex(/^(new|[1-9][0-9]{0,9})$/, 'a deal id or new'),
      title: z.string().trim().min(1).max(120),
      sku: z.string().trim().min(1).max(64),
      /** Percent off, as the banner shows it. */
      discount: z.number().gt(0).max(100),
      startsAt: z.iso.datetime({ offset: true }),
      expiresAt: z.iso.datetime({ offset: true }),
      editor,
    })
    .refine((d) => Date.parse(d.expiresAt) > Date.parse(d.startsAt), { message: 'the deal must end after it starts', path: ['expiresAt'] }),
]);

/** The fields of a deal draft kept in content_drafts.deal. */
export const dealFieldsSchema = z.object({ sku: z.string(), discount: z.number(), startsAt: z.string(), expiresAt: z.string() });
export type DealFields = z.infer<typeof dealFieldsSchema>;
export type SaveDraft = z.infer<typeof saveDraftSchema>;

export const draftRefSchema = z.object({ draftId: z.uuid() });
export const publishSchema = draftRefSchema.extend({ editor });
