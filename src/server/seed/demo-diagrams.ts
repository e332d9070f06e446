/**
 * Simple exploded views for the demo's models (docs/product/parts-finder.md#diagrams): the appliance as an outline,
 * each part as a small shape on a ring around it with a numbered callout and a leader line. Every callout is a
 * <g data-position="N"> — the contract the import and the model page's diagram island share. Deterministic: one
 * drawing per number of positions, shared by every model with that many (as one platform's models share theirs).
 */

const WIDTH = 640;
const HEIGHT = 480;

const f = Math.round;

/**
 * One diagram's SVG markup, with its intrinsic size. Colours and strokes sit on the wrapping groups (inherited),
 * so a callout is about 150 bytes: thousands of models stay a few megabytes.
 */
export function drawDiagram(positions: readonly string[]): { svg: string; width: number; height: number } {
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const body = `<g fill="#f1f4f7" stroke="#4a5560" stroke-width="3"><rect x="${cx - 90}" y="${cy - 110}" width="180" height="220" rx="14"/><circle cx="${cx}" cy="${cy - 20}" r="60" fill="none"/></g>`;
  const n = Math.max(positions.length, 1);
  const callouts = positions.map((position, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
    const at = (rx: number, ry: number) => [f(cx + Math.cos(angle) * rx), f(cy + Math.sin(angle) * ry)] as const;
    const [lx, ly] = at(95, 110);
    const [sx, sy] = at(190, 158);
    const [tx, ty] = at(262, 212);
    const shape = i % 2 === 0 ? `<circle cx="${sx}" cy="${sy}" r="12"/>` : `<rect x="${sx - 14}" y="${sy - 9}" width="28" height="18"/>`;
    return `<g data-position="${position}"><path d="M${lx} ${ly}L${tx} ${ty}"/>${shape}<circle cx="${tx}" cy="${ty}" r="15"/><text x="${tx}" y="${ty + 5}" fill="#1d2a36" stroke="none">${position}</text></g>`;
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${body}` +
    `<g fill="#fff" stroke="#1d2a36" stroke-width="1.5" font-family="sans-serif" font-size="14" text-anchor="middle">${callouts.join('')}</g></svg>`;
  return { svg, width: WIDTH, height: HEIGHT };
}
