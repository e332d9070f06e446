import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#lib/mail/html-escape.ts';

describe('escapeHtml', () => {
  it('escapes markup and both quotes, nothing else', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Åsa Öberg – 25 %')).toBe('Åsa Öberg – 25 %');
  });
});
