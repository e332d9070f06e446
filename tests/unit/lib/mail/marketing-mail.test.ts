import { describe, expect, it } from 'vitest';
import { marketingMail } from '#lib/mail/marketing-mail.ts';

const url = 'https://example.nl/unsubscribe?token=abc.def';

describe('marketingMail', () => {
  it('adds the footer line with the link in the storefront language, in both parts, and both headers', () => {
    const m = marketingMail('nl', { subject: 'Winteraanbieding', text: 'Filters -20 %.\n\nTot zondag.', html: null }, url);
    expect(m.subject).toBe('Winteraanbieding');
    expect(m.text).toMatch(/^Filters -20 %\.\n\nTot zondag\.\n\n-- \n/);
    expect(m.text).toContain('Je ontvangt deze nieuwsbrief van');
    expect(m.text).toContain(`Afmelden: ${url}`);
    expect(m.html).toContain('<p style="margin:0 0 16px">Filters -20 %.</p>');
    expect(m.html).toContain(`<a href="${url}" style="color:#1d4ed8">Afmelden</a>`);
    expect(m.html).toContain('<html lang="nl');
    expect(m.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('frames an HTML fragment, and puts the footer inside a whole document before </body>', () => {
    const fragment = marketingMail('sv', { subject: 'Nytt', text: 'Nytt', html: '<h2>Nyheter</h2>' }, url);
    expect(fragment.html).toMatch(/<h2>Nyheter<\/h2>\n<p data-unsubscribe[^>]*>Du får det här nyhetsbrevet/);
    expect(fragment.html).toContain('Avregistrera dig</a>');
    const doc = marketingMail('fi', { subject: 'Uutta', text: 'Uutta', html: '<html><body><p>Uutta $&</p></body></html>' }, url);
    expect(doc.html).toMatch(/^<html><body><p>Uutta \$&<\/p><p data-unsubscribe[^>]*>.*Peru uutiskirje<\/a><\/p>\n<\/body><\/html>$/s);
  });

  it('escapes the text it turns into HTML', () => {
    const m = marketingMail('da', { subject: 'Tilbud', text: 'A <b> & "c"', html: null }, url);
    expect(m.html).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
  });
});
