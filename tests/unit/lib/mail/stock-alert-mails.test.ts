import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { stockAlertConfirmMail, stockAlertMail } from '#lib/mail/stock-alert-mails.ts';

const links = { confirmUrl: 'https://x.test/bevakning?confirm=C', stopUrl: 'https://x.test/bevakning?stop=S' };

describe('back-in-stock mails', () => {
  it('the confirmation names the product and carries the confirm and stop links in both parts, in every language', () => {
    for (const locale of LOCALE_CODES) {
      const m = stockAlertConfirmMail(locale, { product: 'Filter <EL102S>', ...links });
      expect(m.subject).toContain('Filter <EL102S>');
      expect(m.text).toContain(links.confirmUrl);
      expect(m.text).toContain(links.stopUrl);
      expect(m.html).toContain('Filter &lt;EL102S&gt;');
      expect(m.html).toContain('href="https://x.test/bevakning?confirm=C"');
      expect(m.subject).not.toMatch(/back_in_stock\./);
    }
  });

  it('the notification links the product page, promises no price, and has List-Unsubscribe with one-click', () => {
    const m = stockAlertMail('sv', { product: 'Pump', productUrl: 'https://x.test/produkt/pump-1', stopUrl: links.stopUrl });
    expect(m.subject).toBe('Pump går att beställa igen');
    expect(m.text).toContain('https://x.test/produkt/pump-1');
    expect(m.html).not.toMatch(/\d+[,.]\d\d\s*kr/);
    expect(m.headers).toEqual({ 'List-Unsubscribe': `<${links.stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});
