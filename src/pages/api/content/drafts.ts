/**
 * PUT /api/content/drafts (docs/product/api.md#content-editing): save the storefront's draft of a content page,
 * widget or deal (a deal's product must be sold in the storefront); a page draft may also be a new page. an editor's token or PARTSFRONT_OPERATOR_TOKEN; ?locale=&sid=; HTML sanitized before it is stored → `{ draft }`.
 */
import type { APIRoute } from 'astro';
import { saveDraftSchema } from '#lib/content/draft-contracts.ts';
import { InvalidRequestError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, validate, requireStore } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { editorOf, requireEditor } from '#server/content/editor-auth.ts';
import { draftView, publishedExists, saveDraft } from '#server/content/drafts-store.ts';
import { dealProduct } from '#server/content/deal-drafts.ts';
import { matchPublicPath } from '#lib/routing/routes.ts';

export const prerender = false;

export const PUT: APIRoute = endpoint(async ({ request, url }) => {
  const auth = requireEditor(request);
  const { locale } = requireStore(url);
  const input = validate(saveDraftSchema, await readJsonBody(request));
  const db = getDb();
  if (!(await publishedExists(db, locale, input.kind, input.key))) {
    // a new content page: any path that no other page of the storefront answers (docs/product/content-editing.md#new-pages)
    if (input.kind !== 'page') throw new NotFoundError(`this storefront has no ${input.kind} ${input.key}`, 'key');
    if (matchPublicPath(locale, `/${input.key}`)?.name !== 'content')
      throw new InvalidRequestError(`/${input.key} is the address of another page of the storefront`, 'key');
  }
  if (input.kind === 'deal' && !(await dealProduct(db, locale, input.sku)))
    throw new InvalidRequestError(`product ${input.sku} is not sold in this storefront`, 'sku');
  return json({ draft: draftView(await saveDraft(db, locale, { ...input, editor: editorOf(auth, input.editor) })) });
});

export const ALL = methodNotAllowed(['PUT']);
