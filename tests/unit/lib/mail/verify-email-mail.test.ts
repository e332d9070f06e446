import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { verifyEmailMail } from '#lib/mail/verify-email-mail.ts';

describe('verifyEmailMail', () => {
  it.each(LOCALE_CODES)('carries the link in both parts and the brand in the subject (%s)', (locale) => {
    const url = 'https://shop.example/my-account/profile/edit?verify_email=abc&x=<1>';
    const m = verifyEmailMail(locale, { name: 'Anna <b>', url, validHours: 24 });
    expect(m.subject).toContain(LOCALES[locale].brand);
    expect(m.text).toContain(url);
    expect(m.text).toContain('24');
    expect(m.html).toContain('href="https://shop.example/my-account/profile/edit?verify_email=abc&amp;x=&lt;1&gt;"');
    expect(m.html).not.toContain('<b>');
  });
});
