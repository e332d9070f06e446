/**
 * What /my-account/profile/edit answers (docs/product/account-pages.md#profile): the form (empty-handed, or
 * after a refused save with what was typed and the problems), a 303 after a save, or the steps of an e-mail
 * verification link. The page only draws the answer.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { checkProfile, formObject, type ProfileProblem } from '#lib/account/profile-rules.ts';
import type { PageVisitor } from './account-visitor.ts';
import { saveProfile } from './customer-profile.ts';
import { confirmEmailChange, pendingVerification, sendEmailVerification, VERIFY_EMAIL_PARAM, type VerifyOutcome } from './profile-email.ts';
import { isSameOriginPost } from './same-origin.ts';

export type ProfilePage =
  | { kind: 'redirect'; to: string }
  | { kind: 'method_not_allowed' }
  /** `ask`: a usable link shows its address and a confirm button (email undefined: not usable). */
  | { kind: 'verify'; status: 200 | 400 | 403; step: 'ask'; email: string | undefined; token: string }
  | { kind: 'verify'; status: 200 | 400 | 403; step: 'done'; outcome: VerifyOutcome }
  /** `posted`: the refused form as typed; `refused`: a post from another site. */
  | {
      kind: 'form';
      status: 200 | 400 | 403;
      problems: readonly ProfileProblem[];
      posted?: Record<string, string>;
      refused: boolean;
      saved: boolean;
    };

/** The form of a same-site post, or undefined (another site, or an unreadable body). */
const sameSiteForm = async (request: Request) =>
  isSameOriginPost(request.headers) ? await request.formData().catch(() => undefined) : undefined;

export async function profilePage(db: Db, locale: LocaleCode, visitor: PageVisitor, request: Request, url: URL): Promise<ProfilePage> {
  const path = pathFor('my-account-profile-edit', locale);
  // The verification link of a new e-mail: the token is the proof, so it works logged in or not. Opening the
  // link only asks; the confirm button posts, so a mail scanner fetching the link does not use it up.
  if (url.searchParams.has(VERIFY_EMAIL_PARAM)) {
    if (request.method === 'POST') {
      const form = await sameSiteForm(request);
      if (!form) return { kind: 'verify', status: 403, step: 'done', outcome: { ok: false, reason: 'invalid' } };
      const outcome = await confirmEmailChange(db, form.get('token'));
      return { kind: 'verify', status: outcome.ok ? 200 : 400, step: 'done', outcome };
    }
    const token = url.searchParams.get(VERIFY_EMAIL_PARAM) ?? '';
    const email = await pendingVerification(db, token);
    return { kind: 'verify', status: email ? 200 : 400, step: 'ask', email, token };
  }
  const fresh = { kind: 'form', status: 200, problems: [], refused: false } as const;
  if (visitor.kind !== 'customer') return { ...fresh, saved: false };
  if (request.method === 'POST') {
    const form = await sameSiteForm(request);
    if (!form) return { ...fresh, status: 403, refused: true, saved: false };
    const posted = formObject(form);
    const checked = checkProfile(locale, posted);
    if (!checked.ok) return { ...fresh, status: 400, problems: checked.problems, posted, saved: false };
    const saved = await saveProfile(db, visitor.customerId, checked.values);
    if (saved?.emailPending) await sendEmailVerification(db, locale, visitor.customerId, visitor.profile.name, saved.emailPending);
    return { kind: 'redirect', to: `${path}?saved=1` };
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return { kind: 'method_not_allowed' };
  return { ...fresh, saved: url.searchParams.get('saved') === '1' };
}
