/**
 * A content page's HTML as lines an editor can read and compare (docs/product/content-studio.md#version-history):
 * one line per heading, paragraph, list item, table row and image, with the markup shown as words ("## ", "• ",
 * "[image: alt]", "text → /path"), so a diff of two versions says what changed in the text, not in the tags.
 */
import { Parser } from 'htmlparser2';
import { diffArrays } from 'diff';

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'blockquote', 'pre', 'div', 'figcaption', 'caption']);
const HEADING = /^h([1-6])$/;

export function readableLines(html: string): string[] {
  const lines: string[] = [];
  let line = '';
  const prefix: string[] = [];
  const links: (string | undefined)[] = [];
  let inCell = 0;
  // a table row of empty cells (the editor's new table) says nothing
  const flush = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (/[^|\s]/.test(text)) lines.push(text);
    line = '';
  };
  // the editor wraps a cell's text in <p>: inside a cell, blocks are words of the row's line
  const isBlock = (name: string) => BLOCKS.has(name) && !(inCell > 0 && name !== 'tr');
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (isBlock(name)) {
          flush();
          const h = HEADING.exec(name);
          if (h) line = `${'#'.repeat(Number(h[1]))} `;
          else if (name === 'li') line = `${prefix.at(-1) ?? '•'} `;
        }
        if (name === 'ol') prefix.push('1.');
        if (name === 'ul') prefix.push('•');
        if (name === 'td' || name === 'th') {
          line += line.trim() ? ' | ' : '| ';
          inCell++;
        }
        if (name === 'br') line += ' ';
        if (name === 'a') links.push(attrs.href);
        if (name === 'img') line += ` [image: ${attrs.alt ?? ''}] `;
      },
      ontext(text) {
        line += text;
      },
      onclosetag(name) {
        if (name === 'a') {
          const href = links.pop();
          if (href) line += ` → ${href}`;
        }
        if (name === 'ol' || name === 'ul') prefix.pop();
        if (name === 'td' || name === 'th') inCell--;
        if (isBlock(name)) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return lines;
}

export type DiffRow = { change: 'same' | 'added' | 'removed'; text: string };

/** Line-by-line differences from `before` to `after` (titles and descriptions are compared as one line each). */
export function readableDiff(before: string[], after: string[]): DiffRow[] {
  return diffArrays(before, after).flatMap((part) =>
    part.value.map((text) => ({ change: part.added ? ('added' as const) : part.removed ? ('removed' as const) : ('same' as const), text })),
  );
}
