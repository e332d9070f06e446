/**
 * "My appliances" slice (localStorage td02:my-appliances, docs/product/client-state.md#persisted-slices): the models
 * the shopper saved, newest first. While logged in to an account every change goes to the account too, and after a
 * login the browser's list and the account's are merged once (docs/product/parts-finder.md#my-appliances).
 */
import { localAtom } from './persist.ts';
import { auth } from './auth.ts';
import {
  addSaved,
  mergeSaved,
  NO_SAVED_MODELS,
  removeSaved,
  reviveSavedModels,
  type SavedModel,
  type SavedModelsState,
} from '#lib/account/saved-models.ts';
import type { SavedModelList, SavedModelView } from '#lib/api/my-appliances-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { isLoggedIn, type AuthState } from '#lib/account/client-rules.ts';
import { getJson, type ApiAnswer } from '#api-client/http.ts';
import { deleteSavedModel, putSavedModels } from '#api-client/my-appliances.ts';

export const myAppliances = localAtom<SavedModelsState>('my-appliances', NO_SAVED_MODELS, reviveSavedModels);

/** An account session (not a guest's one-order session), as the header draws it. */
const inAccount = (a: AuthState) => isLoggedIn(a, Date.now()) && a.strategy === 'myAccount';

const fromView = (v: SavedModelView): SavedModel => ({
  slug: v.slug,
  number: v.number,
  brand: v.brand,
  type: v.type,
  url: v.url,
  savedAt: Date.parse(v.saved_at) || 0,
});

/** Bumped by every local change: an account answer to an older change is merged in, not taken as the whole list. */
let version = 0;

function setModels(models: SavedModel[], synced = myAppliances.get().synced): void {
  myAppliances.set({ v: 1, models, synced });
}

function adopt(res: ApiAnswer<SavedModelList>, sentAt: number): void {
  if (res.status === 401) {
    setModels(myAppliances.get().models, false); // the session ended: merge again after the next login
    return;
  }
  if (!res.ok || !Array.isArray(res.data?.models)) return;
  const answer = res.data.models.map(fromView);
  setModels(sentAt === version ? answer : mergeSaved(myAppliances.get().models, answer), true);
}

export function saveModel(model: Omit<SavedModel, 'savedAt'>): void {
  const savedAt = Date.now();
  const v = ++version;
  setModels(addSaved(myAppliances.get().models, { ...model, savedAt }));
  if (inAccount(auth.get()) && myAppliances.get().synced)
    void putSavedModels({ models: [{ slug: model.slug, saved_at: new Date(savedAt).toISOString() }] })
      .then((res) => adopt(res, v))
      .catch(() => {});
}

export function forgetModel(slug: string): void {
  const v = ++version;
  setModels(removeSaved(myAppliances.get().models, slug));
  if (inAccount(auth.get()) && myAppliances.get().synced)
    void deleteSavedModel(slug)
      .then((res) => adopt(res, v))
      .catch(() => {});
}

let merging = false;

/** Once per login: the browser's models go to the account, and the account's answer (the union) is the list. */
async function mergeWithAccount(): Promise<void> {
  if (merging) return;
  merging = true;
  const v = version;
  try {
    const local = myAppliances.get().models;
    const res = local.length
      ? await putSavedModels({ models: local.map((m) => ({ slug: m.slug, saved_at: new Date(m.savedAt).toISOString() })) })
      : await getJson<SavedModelList>(API_PATHS.myAppliances.list);
    adopt(res, v);
  } catch {
    /* offline: the next page view tries again */
  } finally {
    merging = false;
  }
}

/** Called once by the page script: follows logins and logouts (this tab's or another's). */
export function followAccount(): void {
  auth.subscribe((a) => {
    const { synced } = myAppliances.get();
    if (inAccount(a) && !synced) void mergeWithAccount();
    else if (!inAccount(a) && synced) setModels(myAppliances.get().models, false);
  });
}
