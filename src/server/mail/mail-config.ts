/**
 * E-mail configuration from the environment (docs/product/emails.md#configuration):
 *   SMTP_URL   smtp://user:pass@relay:587 or smtps://…:465 — unset: messages stay in the local outbox
 *   MAIL_FROM  sender with {brand} and {domain} filled per storefront (default "{brand} <order@{domain}>")
 */
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { siteSettings } from '#server/market/site-settings.ts';

type Env = Record<string, string | undefined>;

export interface MailConfig {
  smtpUrl: string | null;
  from: Record<LocaleCode, string>;
}

const DEFAULT_FROM = '{brand} <order@{domain}>';

export function mailConfig(env: Env = process.env): MailConfig {
  const { domains } = siteSettings(env);
  const template = env.MAIL_FROM || DEFAULT_FROM;
  const from = Object.fromEntries(
    LOCALE_CODES.map((l) => [l, template.replaceAll('{brand}', LOCALES[l].brand).replaceAll('{domain}', domains[l])]),
  ) as Record<LocaleCode, string>;
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return { smtpUrl, from };
}
