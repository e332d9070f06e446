import { describe, expect, it } from 'vitest';
import { htmlButton, htmlFootnote, htmlLink, htmlOpening, htmlRows, textOpening, textRows } from '#lib/mail/mail-layout.ts';

describe('mail pieces', () => {
  it('escape every text and link they are given', () => {
    const evil = `"><script>x</script>`;
    for (const html of [
      htmlOpening(evil, evil),
      htmlButton(evil, evil),
      htmlLink(evil, evil),
      htmlFootnote(evil),
      htmlRows([{ label: evil, value: evil }]),
    ]) {
      expect(html).not.toContain('<script>');
      expect(html).toContain('&quot;&gt;&lt;script&gt;');
    }
  });

  it('the opening is the greeting, then the intro paragraph', () => {
    expect(textOpening('Hej Åsa,', 'Tack.')).toEqual(['Hej Åsa,', '', 'Tack.', '']);
    expect(htmlOpening('Hej Åsa,', 'Tack & välkommen.')).toBe(
      '<p style="margin:0 0 8px">Hej Åsa,</p>\n<p style="margin:0 0 16px">Tack &amp; välkommen.</p>',
    );
  });

  it('a button is a styled link of its own; a plain link keeps the margin it is given', () => {
    const button = htmlButton('https://sv.example/my-order/1', 'Visa order');
    expect(button).toMatch(
      /^<p style="margin:16px 0"><a href="https:\/\/sv\.example\/my-order\/1" style="display:inline-block;[^"]*">Visa order<\/a><\/p>$/,
    );
    expect(htmlLink('https://x.example/a?b=1&c=2', 'Öppna')).toBe(
      '<p style="margin:0 0 16px"><a href="https://x.example/a?b=1&amp;c=2">Öppna</a></p>',
    );
    expect(htmlLink('https://x.example/', 'Öppna', '16px 0')).toContain('<p style="margin:16px 0">');
  });

  it('the text twin of the rows is one "label: value" line each', () => {
    expect(
      textRows([
        { label: 'Order', value: '1001' },
        { label: 'Summa', value: '99 kr' },
      ]),
    ).toBe('Order: 1001\nSumma: 99 kr');
  });
});
