import { describe, expect, it } from 'vitest';
import { accountLinkMail, type AccountLinkMailKind } from '#lib/mail/account-link-mail.ts';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';

const URL = 'https://sv.example/?set_password=abc&x=<1>';
const KINDS: AccountLinkMailKind[] = ['set_password', 'password_reset', 'login_link'];

describe('account link e-mails', () => {
  it('carry the link, the brand and the lifetime in both parts, in every language', () => {
    for (const locale of LOCALE_CODES) {
      const subjects = new Set<string>();
      for (const kind of KINDS) {
        const m = accountLinkMail(locale, kind, { name: 'Ada', url: URL, validMinutes: 15 });
        subjects.add(m.subject);
        expect(m.subject, `${locale} ${kind}`).toContain(LOCALES[locale].brand);
        expect(m.text).toContain(URL);
        expect(m.text).toContain('Ada');
        expect(m.text).toContain('15');
        // the URL is escaped in HTML (attribute and text)
        expect(m.html).toContain('https://sv.example/?set_password=abc&amp;x=&lt;1&gt;');
        expect(m.html).not.toContain('<1>');
        expect(m.text).not.toMatch(/\{\{|mail\./); // every key translated and filled
        expect(m.html).toContain(`lang="${LOCALES[locale].iso}"`);
      }
      expect(subjects.size, locale).toBe(3);
    }
  });
  it('states short lifetimes in minutes and long ones in hours; greets without a name', () => {
    expect(accountLinkMail('sv', 'login_link', { name: '', url: URL, validMinutes: 15 }).text).toMatch(/^Hej!\n[\s\S]*15 minuter/);
    expect(accountLinkMail('sv', 'set_password', { name: 'Ada', url: URL, validMinutes: 48 * 60 }).text).toContain('48 timmar');
    expect(accountLinkMail('nl', 'password_reset', { name: 'Ada', url: URL, validMinutes: 60 }).text).toContain('60 minuten');
  });
});
