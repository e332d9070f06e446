/**
 * Listing pages with JS (docs/product/catalogue.md#listings-paging-filters-sorting): a filter or sort change, a
 * pager link and the back/forward buttons fetch the server-rendered listing fragment and swap it in, without
 * a page load; the address bar follows (history.pushState). Plain DOM, no framework; without JS the same form
 * and links load whole pages.
 */
import { showDeliveryDates } from '#islands/dom/delivery-dates.ts';

const ROOT = '[data-listing]';
let controller: AbortController | undefined;

function root(): HTMLElement | null {
  return document.querySelector<HTMLElement>(ROOT);
}

/** The fragment URL of the form's current state: the on-demand page 1 with the chosen filters. */
function formPartial(form: HTMLFormElement): string {
  const vat = form.querySelector<HTMLInputElement>('[data-listing-vat]');
  if (vat) vat.value = document.documentElement.dataset.vat === 'excl' ? 'ex' : '';
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v.trim() !== '') params.append(k, v.trim());
  params.set('partial', '1');
  return `${form.getAttribute('action') ?? ''}?${params}`;
}

async function load(partial: string, push: boolean): Promise<void> {
  const el = root();
  if (!el) return;
  controller?.abort();
  const ac = (controller = new AbortController());
  el.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(partial, { signal: ac.signal, headers: { accept: 'text/html' } });
    if (!res.ok) throw new Error(String(res.status));
    const next = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector<HTMLElement>(ROOT);
    if (!next) throw new Error('no listing in the answer');
    const focused = document.activeElement?.id;
    // the filter panel stays as the shopper left it (clearing the last filter must not close it under them)
    const panel = next.querySelector('details');
    if (panel && el.querySelector('details')?.open) panel.open = true;
    el.replaceWith(next);
    const announce = document.querySelector('[data-listing-announce]');
    if (announce) announce.textContent = next.querySelector('[data-testid="listing-count"]')?.textContent?.trim() ?? '';
    const self = next.dataset.self ?? location.pathname;
    if (push) history.pushState({ listing: partial }, '', self);
    prepare(next);
    if (focused) document.getElementById(focused)?.focus();
    if (push && next.getBoundingClientRect().top < 0) next.scrollIntoView();
  } catch (e) {
    if ((e as Error).name === 'AbortError') return;
    // the server could not answer the fragment: load the whole page instead
    const url = new URL(partial, location.href);
    url.searchParams.delete('partial');
    location.assign(url);
  }
}

/** What the swapped-in markup needs from the page script: card buttons, prices in the visitor's VAT mode, dates. */
function prepare(el: HTMLElement): void {
  for (const b of el.querySelectorAll<HTMLButtonElement>('button[data-testid="add-to-cart"]')) b.disabled = b.dataset.orderable === 'false';
  showDeliveryDates(el);
  document.dispatchEvent(new CustomEvent('pf:content'));
}

function wire(): void {
  const el = root();
  if (!el) return;
  prepare(el);
  // the landing entry gets its fragment too, so that back to it swaps like any other entry
  history.replaceState({ ...(history.state as object | null), listing: el.dataset.partial }, '');
  document.addEventListener('change', (e) => {
    const form = (e.target as Element).closest<HTMLFormElement>('[data-listing-form]');
    if (!form) return;
    // price fields apply on Enter or the button (a half-typed number must not reload the grid)
    if ((e.target as HTMLInputElement).type === 'number') return;
    void load(formPartial(form), true);
  });
  document.addEventListener('submit', (e) => {
    const form = (e.target as Element).closest<HTMLFormElement>('[data-listing-form]');
    if (!form) return;
    e.preventDefault();
    void load(formPartial(form), true);
  });
  document.addEventListener('click', (e) => {
    const a = (e.target as Element).closest<HTMLAnchorElement>('a[data-listing-link][data-partial]');
    const me = e as MouseEvent;
    if (!a || me.button !== 0 || me.metaKey || me.ctrlKey || me.shiftKey || me.altKey) return;
    e.preventDefault();
    void load(a.dataset.partial!, true);
  });
  addEventListener('popstate', (e) => {
    const state = e.state as { listing?: string } | null;
    if (state?.listing) void load(state.listing, false);
  });
}

wire();
