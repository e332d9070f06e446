/**
 * Newsletters (docs/product/emails.md#sending-a-newsletter): one 'marketing' message per customer of a
 * storefront who has given marketing consent and has not unsubscribed, each with its own signed unsubscribe
 * link in the footer and in List-Unsubscribe. A customer of a storefront is one who has ordered there
 * (accounts are shared by the storefronts; the order says which shop and language they know).
 * The outbox's dedupe key `marketing:<campaign>:<e-mail>` makes running the same campaign again send only
 * to whom it has not been queued for yet.
 */
import { createHash } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { marketingMail, type MarketingContent } from '#lib/mail/marketing-mail.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { ordersOfOuterCustomer } from '#server/orders/order-reads.ts';
import { enqueueMail } from './outbox.ts';
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-tokens.ts';

/** Not `token`: that query parameter signs in with a one-time login link on every page (docs/product/routes.md). */
export const UNSUBSCRIBE_TOKEN_PARAM = 'unsub';
export const CAMPAIGN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export interface Campaign extends MarketingContent {
  locale: LocaleCode;
  /** Names the campaign for deduplication; default: derived from storefront, subject and content. */
  id?: string;
}

export interface NewsletterResult {
  campaign: string;
  /** Consenting, not suppressed customers of the storefront. */
  recipients: number;
  /** Messages written now (0 on a dry run). */
  queued: number;
  /** Recipients this campaign had already been queued for. */
  alreadyQueued: number;
}

/** The same storefront, subject and content is the same campaign: rerunning the command is harmless. */
export function campaignId(c: Campaign): string {
  const hash = createHash('sha256')
    .update([c.locale, c.subject, c.text, c.html ?? ''].join('\u0000'))
    .digest('hex');
  return `${c.locale}-${hash.slice(0, 16)}`;
}

export const dedupeKeyOf = (campaign: string, email: string) => `marketing:${campaign}:${email}`;

export const unsubscribePath = (locale: LocaleCode, token: string) =>
  `${pathFor('unsubscribe', locale)}?${UNSUBSCRIBE_TOKEN_PARAM}=${encodeURIComponent(token)}`;

export async function unsubscribeUrl(db: Db, locale: LocaleCode, email: string): Promise<string> {
  const token = signUnsubscribeToken(await unsubscribeKey(db), { email, locale });
  return `${siteSettings().origins[locale]}${unsubscribePath(locale, token)}`;
}

/** Lower-cased addresses of the storefront's consenting customers that are not on the suppression list. */
export async function newsletterAudience(db: Db, locale: LocaleCode): Promise<string[]> {
  const rows = await db
    .selectFrom('customers as c')
    .select((eb) => eb.fn<string>('lower', ['c.email']).as('email'))
    .distinct()
    .where('c.marketing_consent', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mail_suppressions as s')
            .select('s.email')
            .whereRef('s.email', '=', eb.fn('lower', ['c.email'])),
        ),
      ),
    )
    .where((eb) => eb.exists(ordersOfOuterCustomer(db, locale)))
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}

export async function queueNewsletter(
  db: Db,
  campaign: Campaign,
  opts: { dryRun?: boolean; now?: Date; smtp?: boolean } = {},
): Promise<NewsletterResult> {
  const id = campaign.id ?? campaignId(campaign);
  if (!CAMPAIGN_ID.test(id)) throw new Error(`campaign id must be letters, digits, - and _ (at most 64): ${id}`);
  const audience = await newsletterAudience(db, campaign.locale);
  const result: NewsletterResult = { campaign: id, recipients: audience.length, queued: 0, alreadyQueued: 0 };
  for (const email of audience) {
    const dedupeKey = dedupeKeyOf(id, email);
    const existing = await db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
    if (existing) {
      result.alreadyQueued += 1;
      continue;
    }
    if (opts.dryRun) continue;
    const mail = marketingMail(campaign.locale, campaign, await unsubscribeUrl(db, campaign.locale, email));
    await enqueueMail(
      db,
      { ...mail, kind: 'marketing', locale: campaign.locale, to: email, dedupeKey },
      { now: opts.now, smtp: opts.smtp },
    );
    result.queued += 1;
  }
  return result;
}
