/**
 * Who edits content (docs/product/content-editing.md#access): an editor's own bearer token from
 * PARTSFRONT_EDITOR_TOKENS (`name=token;name=token`, each token at least 16 characters) names the editor, so drafts
 * and the publish log record an authenticated name; the operator token (PARTSFRONT_OPERATOR_TOKEN) is accepted
 * too, with the editor named in the request. Tokens are compared in constant time; anything else is a 401.
 */
import { isAuthorized } from '#server/security/admin-auth.ts';
import { InvalidRequestError, UnauthorizedError } from '#lib/errors/domain-errors.ts';

export const MIN_EDITOR_TOKEN = 16;

export interface EditorToken {
  name: string;
  token: string;
}

export function editorTokens(value: string | undefined): EditorToken[] {
  return (value ?? '').split(';').flatMap((entry) => {
    const at = entry.indexOf('=');
    const name = entry.slice(0, at).trim();
    const token = entry.slice(at + 1).trim();
    return at > 0 && name.length <= 80 && token.length >= MIN_EDITOR_TOKEN ? [{ name, token }] : [];
  });
}

/** The editor a request's token names; null for the operator token (the request must name the editor). */
export function requireEditor(request: Request, env: Record<string, string | undefined> = process.env): { editor: string | null } {
  const header = request.headers.get('authorization');
  const own = editorTokens(env.PARTSFRONT_EDITOR_TOKENS).find((e) => isAuthorized(header, e.token));
  if (own) return { editor: own.name };
  if (isAuthorized(header, env.PARTSFRONT_OPERATOR_TOKEN)) return { editor: null };
  throw new UnauthorizedError('A valid editor or operator token is required (Authorization: Bearer …)');
}

/** The name recorded: the token's editor, else the one the request gives (then required). */
export function editorOf(auth: { editor: string | null }, named: string | undefined): string {
  if (auth.editor) return auth.editor;
  if (!named) throw new InvalidRequestError('name the editor (editor) when using the operator token', 'editor');
  return named;
}
