/**
 * Internal links of the content studio (docs/product/content-studio.md#internal-links): a link names its target as
 * a ref `<kind>:<id>` (data-link) beside the storefront's localized path (href), so another storefront's copy of
 * the page can link the same target at its own path. Pure and zod-free: the editor island imports it.
 */
export const LINK_TARGET_KINDS = ['page', 'category', 'brand', 'product'] as const;
export type LinkTargetKind = (typeof LINK_TARGET_KINDS)[number];

/** One search result of GET /content/api/link-targets. */
export interface LinkTarget {
  ref: string;
  kind: LinkTargetKind;
  label: string;
  /** The public path on the storefront's own domain. */
  path: string;
}

export interface LinkRef {
  kind: LinkTargetKind;
  id: string;
}

const MAX_ID = 200;

export const formatLinkRef = (kind: LinkTargetKind, id: string | number): string => `${kind}:${id}`;

/** A ref `<kind>:<id>` (the id may hold further colons and slashes: a page slug); undefined when malformed. */
export function parseLinkRef(ref: string): LinkRef | undefined {
  const at = ref.indexOf(':');
  if (at < 1) return undefined;
  const kind = ref.slice(0, at);
  const id = ref.slice(at + 1);
  if (!(LINK_TARGET_KINDS as readonly string[]).includes(kind)) return undefined;
  if (!id || id.length > MAX_ID || /[\s<>"']/.test(id)) return undefined;
  return { kind: kind as LinkTargetKind, id };
}

/**
 * Results of every kind, taken in turns (a page, a category, a brand, a product, then the next of each) up to
 * `limit`, so a search that matches many products still shows the matching pages and categories.
 */
export function takeInTurns<T>(lists: readonly (readonly T[])[], limit: number): T[] {
  const out: T[] = [];
  for (let i = 0; out.length < limit && lists.some((l) => i < l.length); i++) {
    for (const l of lists) {
      if (i < l.length && out.length < limit) out.push(l[i]!);
    }
  }
  return out;
}

/** A web address typed into the link dialog as it may be linked (http, https, mailto, tel); undefined otherwise. */
export function externalHref(raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  // "example.com/x" means https
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol)) return undefined;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname.includes('.')) return undefined;
  return url.href;
}
