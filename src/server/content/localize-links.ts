/**
 * Internal links written anew for a storefront (docs/product/content-studio.md#internal-links): the studio's links
 * carry their target (`data-link="product:<sku>"`, `page:<group>` …), so a text started from another storefront's
 * version links to this storefront's path of the same product, category, brand or page. A target this storefront
 * does not have loses its link (the words stay).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { escapeHtml } from '#lib/mail/html-escape.ts';
import { resolveLinkRef } from './link-targets.ts';

const LINK = /<a\b([^>]*?)\bdata-link="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g;
const HREF = /\shref="[^"]*"/;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

export async function localizeLinks(db: Db, locale: LocaleCode, html: string): Promise<string> {
  const found = [...html.matchAll(LINK)];
  const paths = new Map<string, string | undefined>();
  for (const m of found) {
    const ref = decode(m[2]!);
    if (!paths.has(ref)) paths.set(ref, await resolveLinkRef(db, locale, ref));
  }
  return html.replace(LINK, (_all, before: string, rawRef: string, after: string, text: string) => {
    const path = paths.get(decode(rawRef));
    if (!path) return text;
    const attrs = `${before}${after}`.replace(HREF, '');
    return `<a href="${escapeHtml(path)}" data-link="${rawRef}"${attrs.replace(/\s+$/, '')}>${text}</a>`;
  });
}
