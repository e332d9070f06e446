/**
 * The frame every HTML e-mail shares (docs/product/emails.md#templates): the storefront's brand, inline
 * styles only (mail clients drop <style> and external CSS), no images or scripts, a plain-text twin.
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { escapeHtml } from './html-escape.ts';

export function htmlMail(locale: LocaleCode, title: string, bodyHtml: string): string {
  const { brand, iso } = LOCALES[locale];
  return `<!doctype html>
<html lang="${iso}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d2330">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(brand)}</p>
${bodyHtml}
</div>
</body></html>
`;
}

/** A two-column table of label/value rows (facts, totals). Values are escaped here. */
export function htmlRows(rows: { label: string; value: string; strong?: boolean }[]): string {
  const cell = 'padding:4px 0;vertical-align:top';
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      (r) =>
        `<tr><td style="${cell}">${escapeHtml(r.label)}</td><td style="${cell};text-align:right${r.strong ? ';font-weight:bold' : ''}">${escapeHtml(r.value)}</td></tr>`,
    )
    .join('')}</table>`;
}

/** Plain-text twin of htmlRows: "label: value" lines. */
export const textRows = (rows: { label: string; value: string }[]): string => rows.map((r) => `${r.label}: ${r.value}`).join('\n');

/** The text twin's opening lines: the greeting, then the intro, each followed by a blank line. */
export const textOpening = (greeting: string, intro: string): string[] => [greeting, '', intro, ''];

/** The opening paragraphs of a mail: the greeting, then one intro paragraph. */
export const htmlOpening = (greeting: string, intro: string): string =>
  `<p style="margin:0 0 8px">${escapeHtml(greeting)}</p>\n<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`;

/** The mail's main action as a button-like link. */
export const htmlButton = (href: string, label: string): string =>
  `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(label)}</a></p>`;

/** A further link on a line of its own. */
export const htmlLink = (href: string, label: string, margin = '0 0 16px'): string =>
  `<p style="margin:${margin}"><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;

/** The small grey closing line (why the mail came, what to do if it was not expected). */
export const htmlFootnote = (text: string): string => `<p style="margin:16px 0 0;color:#555;font-size:13px">${escapeHtml(text)}</p>`;
