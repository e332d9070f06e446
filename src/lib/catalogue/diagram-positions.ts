/**
 * The exploded view's callout contract (docs/product/parts-finder.md#diagrams), shared by the model page's
 * component and its page script: a diagram's `<g data-position="N">` and the parts list rows'
 * `data-part-position="<diagram>:<position> …"` meet on one key. Pure, so the island stays small.
 */
import type { CartProductInput } from '#lib/cart/product-input.ts';

export interface DiagramPartInput {
  productId: number;
  name: string;
  sku: string;
  positions: readonly { diagram: number; position: string }[];
  orderable: boolean;
  /** The cart line's facts; without them the island takes them from the part's row (its add-to-cart button). */
  cart?: CartProductInput;
}

/** What the island reads from the page (`data-diagram` JSON): only parts with a place on a drawing. */
export interface DiagramIslandData {
  parts: { id: number; name: string; orderable: boolean; keys: string[]; cart?: CartProductInput }[];
  strings: { position: string; added: string; unorderable: string };
}

export const positionKey = (diagram: number | string, position: string): string => `${diagram}:${position}`;

/** A row's `data-part-position` value as keys ("1:7 2:3" → ["1:7", "2:3"]). */
export const rowKeys = (attribute: string | null | undefined): string[] => (attribute ?? '').split(/\s+/).filter((k) => k !== '');

export function islandData(parts: readonly DiagramPartInput[], strings: DiagramIslandData['strings']): DiagramIslandData {
  return {
    parts: parts
      .filter((p) => p.positions.length > 0)
      .map((p) => ({
        id: p.productId,
        name: p.name,
        orderable: p.orderable,
        keys: p.positions.map((at) => positionKey(at.diagram, at.position)),
        ...(p.cart ? { cart: p.cart } : {}),
      })),
    strings,
  };
}

/** Key → the part at that place; the first part listed wins when two share a callout. */
export function partsByKey<P extends { keys: readonly string[] }>(parts: readonly P[]): Map<string, P> {
  const out = new Map<string, P>();
  for (const p of parts) for (const k of p.keys) if (!out.has(k)) out.set(k, p);
  return out;
}

/** `{{name}}`-style placeholders, as the locale files write them. */
export const fillIn = (template: string, values: Record<string, string>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, k: string) => values[k] ?? whole);

/**
 * The drawing scales with its box only with a viewBox: add one from the stored size when the import's SVG has none
 * (the sanitizer's output always starts with `<svg`).
 */
export function withViewBox(svg: string, width: number, height: number): string {
  if (!svg.startsWith('<svg') || /^<svg\b[^>]*\sviewBox=/.test(svg)) return svg;
  return `<svg viewBox="0 0 ${width} ${height}"${svg.slice(4)}`;
}
