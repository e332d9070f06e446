/** The model page's save toggle (src/components/model/SaveModelButton.astro): pressed while the model is among the saved ones. */
import { isSaved, type SavedModel } from '#lib/account/saved-models.ts';
import { forgetModel, myAppliances, saveModel } from '#stores/my-appliances.ts';

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-save-model]')) {
  let model: Omit<SavedModel, 'savedAt'>;
  try {
    model = JSON.parse(button.dataset.saveModel ?? '') as Omit<SavedModel, 'savedAt'>;
  } catch {
    continue;
  }
  const labels = button.querySelectorAll<HTMLElement>('.save-model__label');
  myAppliances.subscribe(({ models }) => {
    const saved = isSaved(models, model.slug);
    button.setAttribute('aria-pressed', String(saved));
    // the hidden label stays out of the accessible name
    labels.forEach((l) => l.setAttribute('aria-hidden', String((l.dataset.for === 'saved') !== saved)));
  });
  button.addEventListener('click', () => {
    if (isSaved(myAppliances.get().models, model.slug)) forgetModel(model.slug);
    else saveModel(model);
  });
}
