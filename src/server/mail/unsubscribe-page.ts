/**
 * What /unsubscribe answers (docs/product/emails.md#the-unsubscribe-page). GET only shows the address and a
 * confirm button — link scanners and previews follow GETs, and must not unsubscribe anyone. A POST to the
 * same URL unsubscribes: the page's own button, or a mail provider's RFC 8058 one-click POST (body
 * `List-Unsubscribe=One-Click`, no Origin, no cookies). The signed token alone says whom; a token of another
 * storefront than the host's is refused like a forged one.
 */
import { z } from 'zod';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { maskEmail } from '#lib/mail/mask-email.ts';
import { UNSUBSCRIBE_TOKEN_PARAM, unsubscribePath } from './newsletter.ts';
import { suppressAddress } from './suppressions.ts';
import { unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-tokens.ts';

export type UnsubscribePage =
  /** `email` is masked: anyone holding the link sees the page. `action`: where the button posts (this URL). */
  | { kind: 'confirm'; status: 200; email: string; action: string }
  | { kind: 'done'; status: 200; email: string }
  | { kind: 'invalid'; status: 400 };

const Query = z.object({ [UNSUBSCRIBE_TOKEN_PARAM]: z.string().min(1).max(1000) });
/** RFC 8058 §3.1: the body a provider posts for a one-click unsubscribe. */
const ONE_CLICK = 'One-Click';

async function isOneClick(request: Request): Promise<boolean> {
  const body = await request.text().catch(() => '');
  return new URLSearchParams(body.slice(0, 2000)).get('List-Unsubscribe') === ONE_CLICK;
}

export async function unsubscribePage(db: Db, r: { locale: LocaleCode; request: Request; url: URL }): Promise<UnsubscribePage> {
  const query = Query.safeParse({ [UNSUBSCRIBE_TOKEN_PARAM]: r.url.searchParams.get(UNSUBSCRIBE_TOKEN_PARAM) ?? undefined });
  const token = query.success ? query.data[UNSUBSCRIBE_TOKEN_PARAM] : undefined;
  const subject = token ? verifyUnsubscribeToken(await unsubscribeKey(db), token) : null;
  if (!token || !subject || subject.locale !== r.locale) return { kind: 'invalid', status: 400 };
  const email = maskEmail(subject.email);
  if (r.request.method !== 'POST') return { kind: 'confirm', status: 200, email, action: unsubscribePath(r.locale, token) };
  const reason = (await isOneClick(r.request)) ? 'one_click' : 'unsubscribe_link';
  await suppressAddress(db, { email: subject.email, locale: subject.locale, reason });
  return { kind: 'done', status: 200, email };
}
