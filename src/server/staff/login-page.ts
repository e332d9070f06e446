/**
 * The /login page's steps (docs/product/back-office.md#sign-in): password, then — when required — the TOTP code
 * or enrolment. Form posts must come from the admin host itself (Origin/Referer); the cookie is SameSite=Strict.
 */
import { formText } from '#lib/staff/form-text.ts';
import { getDb } from '#server/db/connection.ts';
import { safeNext } from '#lib/staff/backoffice-nav.ts';
import { staffLocaleOf, type StaffLocale } from '#lib/staff/staff-locale.ts';
import {
  clearStaffCookie,
  forbiddenResponse,
  STAFF_COOKIE,
  sameHostPost,
  setStaffCookie,
  staffIpOf,
  staffSessionOf,
  type StaffRequest,
} from './staff-guard.ts';
import { confirmTotp, signIn } from './sign-in.ts';
import { endStaffSession } from './staff-sessions.ts';
import { totpQrSvg, totpUri } from './totp.ts';

export type LoginView =
  | { kind: 'password'; failed: boolean; signedOut: boolean; email: string; next: string }
  | { kind: 'totp'; failed: boolean; next: string }
  | { kind: 'enrol'; failed: boolean; next: string; secret: string; qrSvg: string };

/** `locale`: English until the member is known (the code steps speak the member's language). */
export type LoginPage = { kind: 'view'; view: LoginView; status: number; locale: StaffLocale } | { kind: 'answer'; response: Response };

const redirect = (to: string): LoginPage => ({ kind: 'answer', response: new Response(null, { status: 303, headers: { location: to } }) });
async function pendingView(ctx: StaffRequest, failed: boolean, next: string, status: number): Promise<LoginPage> {
  const access = await staffSessionOf(ctx);
  if (!access) return { kind: 'view', view: { kind: 'password', failed: false, signedOut: false, email: '', next }, status, locale: 'en' };
  if (access.session.stage === 'active') return redirect(next);
  const locale = staffLocaleOf(access.staff.locale);
  if (access.session.stage === 'enrol' && access.staff.totp_secret) {
    const secret = access.staff.totp_secret;
    return {
      kind: 'view',
      view: { kind: 'enrol', failed, next, secret, qrSvg: await totpQrSvg(totpUri(secret, access.staff.email)) },
      status,
      locale,
    };
  }
  return { kind: 'view', view: { kind: 'totp', failed, next }, status, locale };
}

export async function loginPage(ctx: StaffRequest): Promise<LoginPage> {
  const db = getDb();
  if (ctx.request.method !== 'POST') {
    const next = safeNext(ctx.url.searchParams.get('next'));
    const access = await staffSessionOf(ctx, db);
    if (!access)
      return {
        kind: 'view',
        view: { kind: 'password', failed: false, signedOut: ctx.url.searchParams.has('signed_out'), email: '', next },
        status: 200,
        locale: 'en',
      };
    return pendingView(ctx, false, next, 200);
  }
  if (!sameHostPost(ctx.request)) return { kind: 'answer', response: forbiddenResponse(ctx.request) };
  const form = await ctx.request.formData();
  const next = safeNext(formText(form, 'next'));
  const ip = staffIpOf(ctx);
  const step = formText(form, 'step');
  if (step === 'restart') {
    await endStaffSession(db, ctx.cookies.get(STAFF_COOKIE)?.value);
    clearStaffCookie(ctx);
    return redirect('/login');
  }
  if (step === 'code') {
    const access = await staffSessionOf(ctx, db);
    if (!access || access.session.stage === 'active') return redirect(`/login?next=${encodeURIComponent(next)}`);
    const r = await confirmTotp(db, access, access.token, formText(form, 'code'), ip);
    if (r.kind === 'refused') return pendingView(ctx, true, next, 401);
    setStaffCookie(ctx, r.token);
    return redirect(next);
  }
  const email = formText(form, 'email');
  const r = await signIn(db, { email, password: formText(form, 'password'), ip });
  if (r.kind === 'refused')
    return {
      kind: 'view',
      view: { kind: 'password', failed: true, signedOut: false, email: email.slice(0, 254), next },
      status: 401,
      locale: 'en',
    };
  // a session the browser held before (another member, a pending step) ends: one cookie, one session
  await endStaffSession(db, ctx.cookies.get(STAFF_COOKIE)?.value);
  setStaffCookie(ctx, r.token);
  return redirect(r.stage === 'active' ? next : `/login?next=${encodeURIComponent(next)}`);
}
