/** A page's HTML as readable lines and their diff (docs/product/content-studio.md#version-history). */
import { describe, expect, it } from 'vitest';
import { readableDiff, readableLines } from '#lib/content/readable-html.ts';

describe('readable lines of a content page', () => {
  it('writes headings, paragraphs, lists, links, images and table rows as words', () => {
    const html =
      '<h2>Frakt</h2><p>Vi skickar <strong>samma dag</strong> &amp; <a href="/om-oss">mer</a>.</p>' +
      '<ul><li>PostNord</li><li>DHL</li></ul><ol><li>Beställ</li></ol>' +
      '<p><img src="/media/1-480.webp" alt="Paket"></p>' +
      '<table><tr><th>Land</th><th>Pris</th></tr><tr><td>SE</td><td>49 kr</td></tr></table>';
    expect(readableLines(html)).toEqual([
      '## Frakt',
      'Vi skickar samma dag & mer → /om-oss.',
      '• PostNord',
      '• DHL',
      '1. Beställ',
      '[image: Paket]',
      '| Land | Pris',
      '| SE | 49 kr',
    ]);
  });

  it('reads the editor’s tables (cell text in paragraphs) as one line per row, and skips empty rows', () => {
    const html =
      '<table><tbody><tr><th><p>Märke</p></th><th><p>Modell</p></th></tr><tr><td><p>LG</p></td><td><p>LG851E</p></td></tr>' +
      '<tr><td><p></p></td><td><p></p></td></tr></tbody></table><p>Efter</p>';
    expect(readableLines(html)).toEqual(['| Märke | Modell', '| LG | LG851E', 'Efter']);
  });

  it('diffs two versions line by line', () => {
    expect(readableDiff(['# A', 'same', 'old'], ['# A', 'same', 'new', 'more'])).toEqual([
      { change: 'same', text: '# A' },
      { change: 'same', text: 'same' },
      { change: 'removed', text: 'old' },
      { change: 'added', text: 'new' },
      { change: 'added', text: 'more' },
    ]);
    expect(readableDiff([], ['x'])).toEqual([{ change: 'added', text: 'x' }]);
  });
});
