/**
 * POST /api/content/publish (docs/product/api.md#content-editing): publish a draft — copied over the published
 * page or widget with a publish-log row (who, when) in one transaction. A page is re-rendered alone on every node
 * (docs/adr/0017-incremental-pages.md); a widget or a deal starts the rebuild. an editor's token or PARTSFRONT_OPERATOR_TOKEN;
 * ?locale=&sid=; a widget or deal while a rebuild runs: 409 rebuild_running; a deal whose product is no longer
 * sold: 409 invalid_transition (nothing published).
 */
import type { APIRoute } from 'astro';
import { publishSchema } from '#lib/content/draft-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { editorOf, requireEditor } from '#server/content/editor-auth.ts';
import { readDraft } from '#server/content/drafts-store.ts';
import { publishDraft } from '#server/content/publish-content.ts';
import { publishRebuild } from '#builds/publish-rebuild.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const auth = requireEditor(request);
  const { locale } = requireStore(url);
  const body = validate(publishSchema, await readJsonBody(request));
  const editor = editorOf(auth, body.editor);
  const { draftId } = body;
  const db = getDb();
  const draft = await readDraft(db, draftId, locale);
  if (!draft) throw new NotFoundError('no such draft in this storefront', 'draftId');
  return json({ published: await publishDraft(db, draft, editor, publishRebuild) });
});

export const ALL = methodNotAllowed(['POST']);
