/**
 * POST /api/content/preview-link (docs/product/api.md#content-editing): a signed link that shows one draft on
 * /page-preview of its storefront for an hour. an editor's token or PARTSFRONT_OPERATOR_TOKEN; ?locale=&sid= → `{ href, expiresAt }`.
 */
import type { APIRoute } from 'astro';
import { draftRefSchema } from '#lib/content/draft-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireEditor } from '#server/content/editor-auth.ts';
import { readDraft } from '#server/content/drafts-store.ts';
import { previewLink } from '#server/content/preview-links.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  requireEditor(request);
  const { locale } = requireStore(url);
  const { draftId } = validate(draftRefSchema, await readJsonBody(request));
  const draft = await readDraft(getDb(), draftId, locale);
  if (!draft) throw new NotFoundError('no such draft in this storefront', 'draftId');
  return json(previewLink(draft.id, locale));
});

export const ALL = methodNotAllowed(['POST']);
