/**
 * The guards every back-office page uses (docs/product/back-office.md#csrf-contract-for-page-authors):
 * - requireStaff(ctx, permission) for a page view: the signed-in member, or a redirect to /login (not signed
 *   in) or a 403 page (the role may not);
 * - requireStaffPost(ctx, permission) for a form post: the same, after the Origin/Referer check and the CSRF
 *   token of the session, both checked before anything is read or changed; it answers the parsed form.
 * Refusals are a 403 page in the member's language, or the API's JSON error when the request asked for JSON.
 */
import type { AstroCookies } from 'astro';
import type { Db } from '#server/db/connection.ts';
import { getDb } from '#server/db/connection.ts';
import { clientIp } from '#server/http/rate-limit.ts';
import { forwardedHttps } from '#server/http/trusted-proxy.ts';
import { errorResponse } from '#server/http/endpoint.ts';
import { escapeHtml } from '#lib/mail/html-escape.ts';
import { can, type Permission } from '#lib/staff/permissions.ts';
import { CSRF_FIELD, CSRF_HEADER, csrfTokenMatches, isSameHostPost } from '#lib/staff/csrf.ts';
import { boTranslator, BO_LANG } from '#lib/staff/backoffice-i18n.ts';
import { staffLocaleOf, type StaffLocale } from '#lib/staff/staff-locale.ts';
import { STAFF_SESSION_ABSOLUTE_MS } from '#lib/staff/session-rules.ts';
import { publicBackofficePath } from '#lib/backoffice/backoffice-paths.ts';
import { readStaffSession, type StaffSession } from './staff-sessions.ts';

/** The back office's session cookie: host-only (no Domain), Path=/, httpOnly, SameSite=Strict, Secure over https. */
export const STAFF_COOKIE = 'pf_staff';

export interface StaffRequest {
  request: Request;
  cookies: AstroCookies;
  url: URL;
  clientAddress?: string;
}

export interface StaffAccess extends StaffSession {
  /** The cookie's token (to end or advance the session). */
  token: string;
}

export const staffIpOf = (ctx: Pick<StaffRequest, 'request' | 'clientAddress'>) => clientIp(ctx.request.headers, () => ctx.clientAddress);

const isHttps = (request: Request) =>
  new URL(request.url).protocol === 'https:' || forwardedHttps(request.headers.get('x-forwarded-proto'));

export function setStaffCookie(ctx: Pick<StaffRequest, 'cookies' | 'request'>, token: string): void {
  ctx.cookies.set(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(ctx.request),
    path: '/',
    maxAge: STAFF_SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearStaffCookie(ctx: Pick<StaffRequest, 'cookies' | 'request'>): void {
  ctx.cookies.delete(STAFF_COOKIE, { httpOnly: true, sameSite: 'strict', secure: isHttps(ctx.request), path: '/' });
}

/** The session of the request's cookie in any stage (the sign-in pages need the pending ones). */
export async function staffSessionOf(ctx: Pick<StaffRequest, 'cookies'>, db: Db = getDb()): Promise<StaffAccess | undefined> {
  const token = ctx.cookies.get(STAFF_COOKIE)?.value;
  const s = token ? await readStaffSession(db, token) : undefined;
  return s && token ? { ...s, token } : undefined;
}

const wantsJson = (request: Request) => /\bapplication\/json\b/i.test(request.headers.get('accept') ?? '');

/** The refusal: a small page in the member's language (or JSON when asked for), never cached. */
export function forbiddenResponse(request: Request, locale: StaffLocale = 'en'): Response {
  const t = boTranslator(locale);
  if (wantsJson(request)) return errorResponse(403, 'forbidden', t('forbidden.text'));
  const html = `<!doctype html>
<html lang="${BO_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('forbidden.title'))}</title></head>
<body><main data-testid="bo-forbidden"><h1>${escapeHtml(t('forbidden.title'))}</h1><p>${escapeHtml(t('forbidden.text'))}</p><p><a href="/">${escapeHtml(t('forbidden.back'))}</a></p></main></body></html>`;
  return new Response(html, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

function toLogin(ctx: StaffRequest): Response {
  if (wantsJson(ctx.request)) return errorResponse(401, 'unauthorized', 'sign in to the back office first');
  const next = publicBackofficePath(ctx.url.pathname);
  const to = next === '/' ? '/login' : `/login?next=${encodeURIComponent(next + ctx.url.search)}`;
  return new Response(null, { status: 303, headers: { location: to, 'cache-control': 'no-store' } });
}

/** A page view: the active session's member with `permission`, or the answer to give instead. */
export async function requireStaff(ctx: StaffRequest, permission: Permission): Promise<StaffAccess | Response> {
  const access = await staffSessionOf(ctx);
  if (!access || access.session.stage !== 'active') return toLogin(ctx);
  if (!can(access.staff.role, permission)) return forbiddenResponse(ctx.request, staffLocaleOf(access.staff.locale));
  return access;
}

/** Only the Origin/Referer rule (the sign-in forms, which have no session yet). */
export function sameHostPost(request: Request): boolean {
  const h = request.headers;
  return isSameHostPost(h.get('host') ?? new URL(request.url).host, h.get('origin'), h.get('referer'));
}

/**
 * A form post: same host (Origin, else Referer), an active session, the session's CSRF token in the form, and the
 * permission — in that order, each refusal a 403 before the form is acted on.
 */
export async function requireStaffPost(ctx: StaffRequest, permission: Permission): Promise<(StaffAccess & { form: FormData }) | Response> {
  if (ctx.request.method !== 'POST') return forbiddenResponse(ctx.request);
  if (!sameHostPost(ctx.request)) return forbiddenResponse(ctx.request);
  const access = await staffSessionOf(ctx);
  if (!access || access.session.stage !== 'active') return forbiddenResponse(ctx.request);
  const locale = staffLocaleOf(access.staff.locale);
  let form: FormData;
  try {
    form = await ctx.request.formData();
  } catch {
    return forbiddenResponse(ctx.request, locale);
  }
  if (!csrfTokenMatches(access.session.csrf_token, form.get(CSRF_FIELD))) return forbiddenResponse(ctx.request, locale);
  if (!can(access.staff.role, permission)) return forbiddenResponse(ctx.request, locale);
  return { ...access, form };
}

/**
 * A script's request to a back-office JSON endpoint (the studio's autosave, uploads, link search): an active
 * session with the permission; a POST also from this host (Origin, else Referer) with the session's CSRF token in
 * the `x-csrf-token` header. Refusals are the API's JSON errors (401 without a session, 403 otherwise).
 */
export async function requireStaffJson(ctx: StaffRequest, permission: Permission): Promise<StaffAccess | Response> {
  const post = ctx.request.method !== 'GET' && ctx.request.method !== 'HEAD';
  if (post && !sameHostPost(ctx.request)) return errorResponse(403, 'forbidden', 'the request did not come from the back office');
  const access = await staffSessionOf(ctx);
  if (!access || access.session.stage !== 'active') return errorResponse(401, 'unauthorized', 'sign in to the back office first');
  if (post && !csrfTokenMatches(access.session.csrf_token, ctx.request.headers.get(CSRF_HEADER)))
    return errorResponse(403, 'forbidden', 'the CSRF token is missing or wrong; reload the page');
  if (!can(access.staff.role, permission)) return errorResponse(403, 'forbidden', 'your role may not do this');
  return access;
}
