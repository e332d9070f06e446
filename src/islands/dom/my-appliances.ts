/**
 * The header's "My appliances" disclosure (src/components/slots/MyAppliancesSlot.astro, docs/product/parts-finder.md#my-appliances):
 * the count follows the slice at once; the panel's list is drawn on first open (./my-appliances-panel.ts, its own chunk).
 * Escape or focus leaving it closes the panel; the saved models follow the account (src/stores/my-appliances.ts).
 */
import { followAccount, myAppliances } from '#stores/my-appliances.ts';

export function wireMyAppliances(): void {
  followAccount();
  const root = document.querySelector<HTMLElement>('[data-my-appliances]');
  const button = root?.querySelector<HTMLButtonElement>('[data-testid="my-appliances"]');
  const panel = root?.querySelector<HTMLElement>('.my-appliances__panel');
  const count = root?.querySelector<HTMLElement>('.my-appliances__count');
  if (!root || !button || !panel || !count) return;
  myAppliances.subscribe(({ models }) => {
    count.textContent = String(models.length);
    count.hidden = models.length === 0;
  });
  let drawn: Promise<void> | undefined;
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    if (!open) panel.hidden = true;
    else
      void (drawn ??= import('./my-appliances-panel.ts').then((m) => m.drawSavedModels(root, panel))).then(() => {
        // still wanted once the list is drawn (the first open waits for its chunk)
        panel.hidden = button.getAttribute('aria-expanded') !== 'true';
      });
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || panel.hidden) return;
    setOpen(false);
    button.focus();
  });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null) && e.relatedTarget) setOpen(false);
  });
  // the path as dispatched: a remove button is already out of the DOM when the click reaches the document
  document.addEventListener('click', (e) => {
    if (!panel.hidden && !e.composedPath().includes(root)) setOpen(false);
  });
}
