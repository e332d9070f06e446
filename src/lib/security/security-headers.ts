/**
 * The security header policy of every answer (docs/product/security.md): pure strings and the inline-script
 * scan; hashing and applying them to answers is src/host/security-headers.ts.
 */
import { TAG_MANAGER_ORIGIN } from '#lib/tracking/tag-manager-config.ts';

/** Features no storefront page uses are switched off; payment stays available to our own origin only. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self), browsing-topics=()';

/** One year; no includeSubDomains/preload: the storefront domains' other hosts are not ours to decide. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** JSON, assets and plain-text errors: nothing may run or be embedded if one is ever opened as a document. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every answer carries (HTML pages get their own CSP on top: htmlContentSecurityPolicy). */
export function commonSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': NON_HTML_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

export interface HtmlCspOptions {
  /** The page's storefront has a tag manager container. */
  tagManager?: boolean;
  /** Who may frame the page (framingPolicy); default 'none'. */
  frameAncestors?: string;
  /** Other origins the page may frame (the studio's preview of the storefronts); default only its own. */
  frameSrc?: readonly string[];
}

/**
 * The CSP of an HTML page. Scripts: our own files plus exactly the inline scripts of this page, by hash
 * (`'sha256-…'` sources) — never 'unsafe-inline'. Styles allow 'unsafe-inline' because the pages and the
 * React islands set `style` attributes (progress bars, image boxes) that a hash cannot allow.
 */
export function htmlContentSecurityPolicy(scriptHashSources: readonly string[], opts: HtmlCspOptions = {}): string {
  // A page whose storefront has a tag manager container (docs/product/tracking.md#tag-manager) may load it
  // from exactly that host; every other page names no other host.
  const tm = opts.tagManager ? [TAG_MANAGER_ORIGIN] : [];
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...tm, ...scriptHashSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', ...tm].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", ...tm].join(' '),
    "form-action 'self'",
    ...(opts.frameSrc?.length ? [['frame-src', "'self'", ...opts.frameSrc].join(' ')] : []),
    `frame-ancestors ${opts.frameAncestors ?? "'none'"}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The one page another site may frame (docs/product/content-studio.md#preview): the signed draft preview, inside the
 * back office's studio. Every other answer keeps `frame-ancestors 'none'` and X-Frame-Options DENY.
 */
const FRAMED_BY_BACKOFFICE: ReadonlySet<string> = new Set(['page-preview']);

export const framedByBackoffice = (routeName: string | undefined): boolean =>
  routeName !== undefined && FRAMED_BY_BACKOFFICE.has(routeName);

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/**
 * How an HTML page may be framed: `frameAncestors` for its CSP and whether X-Frame-Options DENY stays (it would
 * override nothing a CSP-aware browser honours, but an old one would refuse the frame). Only a route framed by the
 * back office, and only with a well-formed origin, names that origin; anything else is 'none' + DENY.
 */
export function framingPolicy(routeName: string | undefined, backofficeOrigin: string): { frameAncestors: string; denyHeader: boolean } {
  if (framedByBackoffice(routeName) && ORIGIN.test(backofficeOrigin)) return { frameAncestors: backofficeOrigin, denyHeader: false };
  return { frameAncestors: "'none'", denyHeader: true };
}

/** The back office's pages that frame a storefront's preview (the content studio, docs/product/content-studio.md#preview). */
export const framesStorefronts = (internalPath: string): boolean => /^\/backoffice\/content(\/|$)/.test(internalPath);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTR = /(?:^|\s)src\s*=/i;
const TYPE_ATTR = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
/**
 * Types script-src governs: scripts a browser runs, and speculation rules (Chromium allows inline rules by hash; its
 * 'inline-speculation-rules' keyword is void once a hash is present). Anything else (application/json,
 * application/ld+json) is a data block CSP ignores.
 */
const JS_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
  'speculationrules',
]);

/** The exact texts of the inline scripts a browser would run or read in this HTML (what a CSP hash covers). */
export function executableInlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(SCRIPT)) {
    if (SRC_ATTR.test(attrs)) continue;
    const t = TYPE_ATTR.exec(attrs);
    const type = (t ? (t[1] ?? t[2] ?? t[3] ?? '') : '').trim().toLowerCase();
    if (JS_TYPES.has(type)) found.push(body);
  }
  return found;
}
