/**
 * A form post to an account page (docs/product/account-pages.md#profile): read only when it comes from the storefront's
 * own pages (isSameOriginPost), its string fields parsed by the page's schema. The refusals the pages show: 403 for a
 * cross-site (or unreadable) post, 400 naming the first bad field, and a domain refusal's field or code.
 */
import type { ZodType } from 'zod';
import { isSameOriginPost } from './same-origin.ts';

export type AccountForm<T> =
  | { ok: true; data: T; fields: Record<string, string> }
  /** `field`: the first field the schema refused (400 only). */
  | { ok: false; status: 400 | 403; fields: Record<string, string>; field?: string };

export async function readAccountForm<T>(request: Request, schema: ZodType<T>): Promise<AccountForm<T>> {
  const form = isSameOriginPost(request.headers) ? await request.formData().catch(() => undefined) : undefined;
  if (!form) return { ok: false, status: 403, fields: {} };
  const fields = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return { ok: false, status: 400, fields, field: String(parsed.error.issues[0]?.path[0] ?? '') };
  return { ok: true, data: parsed.data, fields };
}

/** The reason a page names for a refused form or domain error: one of its own `reasons` (the field, else the code), or `other`. */
export function refusedFor(reasons: readonly string[], err: { field?: string; code?: string }): string {
  if (err.field && reasons.includes(err.field)) return err.field;
  return err.code && reasons.includes(err.code) ? err.code : 'other';
}
