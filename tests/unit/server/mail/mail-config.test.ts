import { describe, expect, it } from 'vitest';
import { mailConfig } from '#server/mail/mail-config.ts';

describe('mailConfig', () => {
  it('keeps mail in the outbox unless SMTP_URL is set', () => {
    expect(mailConfig({}).smtpUrl).toBeNull();
    expect(mailConfig({ SMTP_URL: 'smtp://u:p@relay.example:587' }).smtpUrl).toBe('smtp://u:p@relay.example:587');
  });

  it('sends from each storefront with its brand and domain', () => {
    const { from } = mailConfig({ PARTSFRONT_DOMAINS: 'sv=reservdelsfronten.se' });
    expect(from.sv).toBe('Reservdelsfronten <order@reservdelsfronten.se>');
    expect(from.fi).toBe('Varaosarintama <order@fi.localhost>');
    expect(mailConfig({ MAIL_FROM: '"{brand} kundservice" <hej@{domain}>' }).from.nl).toBe(
      '"Onderdelenfront kundservice" <hej@nl.localhost>',
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => mailConfig({ SMTP_URL: 'http://relay' })).toThrow(/SMTP_URL/);
  });
});
