/**
 * The CSP of an HTML page from the page itself (docs/product/security.md): the hashes of its own inline scripts and
 * the tag manager when the page declares one. The host applies it to every page it serves; the static export writes
 * it next to the pages for nginx or a CDN.
 */
import { createHash } from 'node:crypto';
import { executableInlineScripts, htmlContentSecurityPolicy, type HtmlCspOptions } from '#lib/security/security-headers.ts';
import { declaresTagManager } from '#lib/tracking/tag-manager-config.ts';

/** `'sha256-…'` CSP sources for the inline scripts of an HTML text, in page order, without repeats. */
export function inlineScriptHashSources(html: string): string[] {
  const sources = executableInlineScripts(html).map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...new Set(sources)];
}

/** `framing`: who may frame the page and what it may frame (src/lib/security/security-headers.ts); default nobody, only itself. */
export const htmlCspFor = (html: string, framing: Pick<HtmlCspOptions, 'frameAncestors' | 'frameSrc'> = {}): string =>
  htmlContentSecurityPolicy(inlineScriptHashSources(html), { tagManager: declaresTagManager(html), ...framing });
