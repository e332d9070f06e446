/**
 * The model page's exploded views (docs/product/parts-finder.md#diagrams), plain DOM: each callout that has a
 * part becomes a button ("Position 7: <part>"); hovering or focusing it highlights the part's row in the list and
 * the other way round; a click, Enter or Space adds the part to the cart through the cart store (as the listing's
 * buttons do) and says so in a polite live region. Without JS the drawing is a picture and the list is the way.
 */
import type { CartProductInput } from '#lib/cart/product-input.ts';
import { fillIn, partsByKey, positionKey, rowKeys, type DiagramIslandData } from '#lib/catalogue/diagram-positions.ts';
import { addToCart } from '#stores/cart.ts';

type Part = DiagramIslandData['parts'][number];

const ACTIVE = 'is-diagram-active';
const ROW = '[data-part-position]';
const CALLOUT = '[data-part-key]';

const rowsOf = (key: string) => document.querySelectorAll<HTMLElement>(`${ROW}[data-part-position~="${CSS.escape(key)}"]`);

function wire(root: HTMLElement): void {
  const data = JSON.parse(root.dataset.diagram ?? '{}') as DiagramIslandData;
  const byKey = partsByKey(data.parts);
  const status = root.querySelector<HTMLElement>('[data-diagram-announce]');
  const callouts = new Map<string, Element[]>();

  for (const figure of root.querySelectorAll<HTMLElement>('figure[data-diagram-no]')) {
    for (const g of figure.querySelectorAll('svg [data-position]')) {
      const key = positionKey(figure.dataset.diagramNo!, g.getAttribute('data-position')!);
      const part = byKey.get(key);
      if (!part) continue; // a callout without a part in this model's list stays a picture
      g.setAttribute('data-part-key', key);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', fillIn(data.strings.position, { position: g.getAttribute('data-position')!, name: part.name }));
      if (!part.orderable) g.setAttribute('aria-disabled', 'true');
      callouts.set(key, [...(callouts.get(key) ?? []), g]);
    }
  }
  if (callouts.size === 0) return;

  let active: string[] = [];
  const highlight = (keys: string[]) => {
    if (keys.join(' ') === active.join(' ')) return;
    for (const [on, list] of [
      [false, active],
      [true, keys],
    ] as const) {
      for (const key of list) {
        for (const row of rowsOf(key)) {
          row.classList.toggle(ACTIVE, on);
          if (on) row.setAttribute('aria-current', 'true');
          else row.removeAttribute('aria-current');
        }
        for (const g of callouts.get(key) ?? []) g.classList.toggle(ACTIVE, on);
      }
    }
    active = keys;
  };
  /** The keys an element stands for: a callout its own, a list row its positions. */
  const keysOf = (target: EventTarget | null): string[] => {
    if (!(target instanceof Element)) return [];
    const g = target.closest(CALLOUT);
    if (g && root.contains(g)) return [g.getAttribute('data-part-key')!];
    const row = target.closest<HTMLElement>(ROW);
    return row ? rowKeys(row.dataset.partPosition).filter((k) => callouts.has(k)) : [];
  };
  // the pointer's place wins while it is on a callout or row; elsewhere the keyboard focus's place shows
  let hovered: string[] = [];
  let focused: string[] = [];
  const show = () => highlight(hovered.length ? hovered : focused);
  document.addEventListener('mouseover', (e) => {
    hovered = keysOf(e.target);
    show();
  });
  document.addEventListener('focusin', (e) => {
    focused = keysOf(e.target);
    show();
  });
  document.addEventListener('focusout', (e) => {
    focused = keysOf(e.relatedTarget);
    show();
  });

  const say = (text: string) => {
    if (!status) return;
    // the same message twice must be announced twice: vary it invisibly
    status.textContent = status.textContent === text ? `${text}\u00a0` : text;
  };
  const activate = (g: Element) => {
    const key = g.getAttribute('data-part-key')!;
    const part = byKey.get(key)!;
    const row = rowsOf(key)[0];
    row?.scrollIntoView({ block: 'nearest' });
    const product = part.orderable ? (part.cart ?? cartInputOf(row)) : undefined;
    if (!product?.orderable) {
      say(fillIn(data.strings.unorderable, { name: part.name }));
      return;
    }
    addToCart(product, 1, false);
    say(fillIn(data.strings.added, { name: part.name }));
  };
  root.addEventListener('click', (e) => {
    const g = (e.target as Element).closest(CALLOUT);
    if (g) activate(g);
  });
  root.addEventListener('keydown', (e) => {
    const g = (e.target as Element).closest(CALLOUT);
    if (!g || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault(); // Space would scroll the page
    activate(g);
  });
}

/** The row's add-to-cart button carries the cart line's facts (src/islands/dom/add-to-cart.ts). */
function cartInputOf(row: HTMLElement | undefined): Part['cart'] {
  const json = row?.querySelector<HTMLElement>('[data-testid="add-to-cart"][data-product]')?.dataset.product;
  return json ? (JSON.parse(json) as CartProductInput) : undefined;
}

for (const root of document.querySelectorAll<HTMLElement>('[data-exploded-views]')) {
  try {
    wire(root);
  } catch (e) {
    console.error(e);
  }
}
