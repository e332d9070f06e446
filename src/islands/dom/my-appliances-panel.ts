/** The header panel's list of saved models (loaded on first open by ./my-appliances.ts): links, each with a remove button. */
import { forgetModel, myAppliances } from '#stores/my-appliances.ts';

export function drawSavedModels(root: HTMLElement, panel: HTMLElement): void {
  const list = panel.querySelector('ul');
  const empty = panel.querySelector<HTMLElement>('.my-appliances__empty');
  if (!list || !empty) return;
  const removeLabel = root.dataset.removeLabel ?? '__model__';
  myAppliances.subscribe(({ models }) => {
    const focused = list.contains(document.activeElement);
    list.replaceChildren(
      ...models.map((m) => {
        const li = document.createElement('li');
        li.dataset.slug = m.slug;
        const a = document.createElement('a');
        a.href = m.url;
        a.textContent = `${m.brand} ${m.number}`;
        const type = document.createElement('span');
        type.className = 'my-appliances__type';
        type.textContent = m.type;
        a.append(' ', type);
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'my-appliances__remove';
        remove.textContent = '×';
        remove.setAttribute('aria-label', removeLabel.replace('__model__', `${m.brand} ${m.number}`));
        remove.addEventListener('click', () => forgetModel(m.slug));
        li.append(a, remove);
        return li;
      }),
    );
    list.hidden = models.length === 0;
    empty.hidden = models.length > 0;
    // a removed row took the focus with it: keep it in the panel
    if (focused && !list.contains(document.activeElement))
      (list.querySelector('a') ?? panel.closest('[data-my-appliances]')?.querySelector('button'))?.focus();
  });
}
