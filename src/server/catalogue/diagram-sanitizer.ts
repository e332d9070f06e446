/**
 * Exploded views arrive as SVG in the catalogue import and are shown inline on the model pages, so each drawing
 * is cut down to an allow-list when imported (docs/adr/0026-diagram-svg-sanitizer.md,
 * docs/product/parts-finder.md#diagrams): shapes, text, gradients and clip paths with their geometry and
 * presentation attributes, `data-position` callouts and ARIA; references only to a fragment of the same drawing.
 * No scripts, event handlers, foreignObject, style, links, images, animation, DOCTYPE or entities, nothing that
 * loads from elsewhere. Ids are prefixed so a drawing can't clobber the page's own ids.
 */
import sanitizeHtml from 'sanitize-html';

export const DIAGRAM_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'defs',
  'use',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
] as const;

const GEOMETRY = [
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'd',
  'points',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'pathLength',
  'offset',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
];

const PRESENTATION = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'stroke-opacity',
  'opacity',
  'color',
  'clip-path',
  'clip-rule',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'letter-spacing',
  'visibility',
  'display',
  'vector-effect',
  'paint-order',
  'shape-rendering',
];

const ATTRIBUTES = [...GEOMETRY, ...PRESENTATION, 'id', 'class', 'role', 'data-position', 'aria-*', 'href', 'xlink:href'];

/** Attributes that may hold `url(#id)` (a gradient or clip path of the same drawing), and nothing else may. */
const URL_ATTRIBUTES = new Set(['fill', 'stroke', 'clip-path']);
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href']);
const NAMESPACES: Record<string, string> = {
  xmlns: 'http://www.w3.org/2000/svg',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

/** Drawing ids live in the page's id space: prefixed, a drawing can't take over an id the page's scripts look up. */
export const DIAGRAM_ID_PREFIX = 'dg-';
const ID = /^[A-Za-z_][\w.-]{0,63}$/;
const LOCAL_REF = /^#([A-Za-z_][\w.-]{0,63})$/;
const LOCAL_URL = /^url\(\s*(['"]?)#([A-Za-z_][\w.-]{0,63})\1\s*\)$/i;
/** A position as the import accepts it (model-import.ts). */
const POSITION = /^[0-9A-Za-z]{1,8}$/;

function cleanAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(attribs)) {
    const value = raw.trim();
    if (name in NAMESPACES) {
      if (tag === 'svg' && value === NAMESPACES[name]) out[name] = value;
      continue;
    }
    if (name === 'id') {
      if (ID.test(value)) out.id = DIAGRAM_ID_PREFIX + value;
      continue;
    }
    if (REFERENCE_ATTRIBUTES.has(name)) {
      const ref = LOCAL_REF.exec(value);
      if (tag === 'use' && ref) out[name] = `#${DIAGRAM_ID_PREFIX}${ref[1]}`;
      continue;
    }
    if (name === 'data-position') {
      if (POSITION.test(value)) out[name] = value;
      continue;
    }
    // entities are decoded by the parser, so "u&#114;l(" arrives here as url( too
    if (/url\s*\(/i.test(value)) {
      const local = LOCAL_URL.exec(value);
      if (URL_ATTRIBUTES.has(name) && local) out[name] = `url(#${DIAGRAM_ID_PREFIX}${local[2]})`;
      continue;
    }
    // no attribute outside the references above names a scheme
    if (/(?:javascript|data|vbscript)\s*:/i.test(value)) continue;
    out[name] = raw;
  }
  return out;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DIAGRAM_TAGS],
  allowedAttributes: { '*': ATTRIBUTES, svg: ['xmlns', 'xmlns:xlink'] },
  // fragment references are checked in cleanAttributes; no scheme passes
  allowedSchemes: [],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // a disallowed element goes with its text (foreignObject's HTML, a link's label); allowed children stay
  disallowedTagsMode: 'completelyDiscard',
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'xmp', 'noscript', 'iframe', 'noembed', 'noframes'],
  // SVG names are case-sensitive (viewBox, linearGradient); <x/> self-closes inside svg (foreign content);
  // CDATA sections and comments are dropped, processing instructions and DOCTYPE never reach the output
  parser: { lowerCaseTags: false, lowerCaseAttributeNames: false },
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }) },
};

/**
 * The drawing as it may be shown inline: one `<svg>` root with allowed content only. Anything outside the first
 * root element (a second root, text around it) is dropped; no svg at all gives an empty string.
 */
export function sanitizeDiagramSvg(svg: string): string {
  const clean = sanitizeHtml(svg, OPTIONS).trim();
  const start = clean.indexOf('<svg');
  if (start < 0) return '';
  // sanitize-html balances tags, so the first root ends at its matching close
  let depth = 0;
  const tag = /<(\/?)svg\b[^>]*>/g;
  tag.lastIndex = start;
  for (let m = tag.exec(clean); m; m = tag.exec(clean)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return clean.slice(start, m.index + m[0].length);
  }
  return '';
}
