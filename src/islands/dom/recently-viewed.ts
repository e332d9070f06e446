/** Renders the recently viewed products (history store) into the slot, without the current product. */
import { history } from '#stores/history.ts';

export function showRecentlyViewed(): void {
  const root = document.querySelector<HTMLElement>('[data-recently-viewed]');
  const list = root?.querySelector('ul');
  if (!root || !list) return;
  const current = root.dataset.currentSku;
  history.subscribe(({ recentlyViewed }) => {
    const items = recentlyViewed.filter((x) => x.sku !== current);
    list.replaceChildren(
      ...items.map((x) => {
        const li = document.createElement('li');
        li.dataset.sku = x.sku;
        const a = document.createElement('a');
        a.href = x.url;
        const img = document.createElement('img');
        const thumb = x.thumb ?? x.images?.thumb ?? null;
        img.src = thumb?.url ?? '/images/placeholder.svg';
        img.alt = '';
        img.width = 64;
        img.height = 64;
        img.loading = 'lazy';
        a.append(img, x.name);
        li.append(a);
        return li;
      }),
    );
    root.hidden = items.length === 0;
  });
}
