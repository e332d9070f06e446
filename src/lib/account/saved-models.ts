/**
 * "My appliances" (docs/product/parts-finder.md#my-appliances): the appliance models a shopper saved, newest first,
 * at most MAX_SAVED_MODELS, one entry per model slug. Pure rules shared by the browser slice (src/stores/my-appliances.ts)
 * and the account's copy (src/server/account/customer-models.ts).
 */

/** Enough for a household and its holiday home; the oldest falls off. */
export const MAX_SAVED_MODELS = 20;

/** A model's address word as the import writes it (lower-case letters, digits, single hyphens). */
export const MODEL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MODEL_SLUG_MAX = 120;

export const isModelSlug = (v: unknown): v is string => typeof v === 'string' && v.length <= MODEL_SLUG_MAX && MODEL_SLUG.test(v);

export interface SavedModel {
  slug: string;
  /** As on the rating plate ("SMS46GI01E"). */
  number: string;
  brand: string;
  /** The appliance type in the storefront's language ("Diskmaskin"). */
  type: string;
  /** The model page's path in the storefront the model was saved in. */
  url: string;
  /** When it was saved (ms since epoch): the order of the list and of a merge. */
  savedAt: number;
}

/** The slice in localStorage td02:my-appliances; `synced` = the account's copy was merged in since the last login. */
export interface SavedModelsState {
  v: 1;
  models: SavedModel[];
  synced: boolean;
}

export const NO_SAVED_MODELS: SavedModelsState = { v: 1, models: [], synced: false };

const newestFirst = (a: SavedModel, b: SavedModel) => b.savedAt - a.savedAt || a.slug.localeCompare(b.slug);

/** Saves a model (again): it moves to the front with its new details; the list stays within the cap. */
export function addSaved(list: readonly SavedModel[], model: SavedModel): SavedModel[] {
  return [model, ...list.filter((m) => m.slug !== model.slug)].slice(0, MAX_SAVED_MODELS);
}

export function removeSaved(list: readonly SavedModel[], slug: string): SavedModel[] {
  return list.filter((m) => m.slug !== slug);
}

export const isSaved = (list: readonly SavedModel[], slug: string): boolean => list.some((m) => m.slug === slug);

/**
 * The union of two lists (the browser's and the account's on login): one entry per slug — the later save's
 * details, so a model saved again in another storefront keeps that storefront's words — newest first, capped.
 */
export function mergeSaved(a: readonly SavedModel[], b: readonly SavedModel[]): SavedModel[] {
  const bySlug = new Map<string, SavedModel>();
  for (const m of [...a, ...b]) {
    const had = bySlug.get(m.slug);
    if (!had || m.savedAt > had.savedAt) bySlug.set(m.slug, m);
  }
  return [...bySlug.values()].sort(newestFirst).slice(0, MAX_SAVED_MODELS);
}

const str = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : undefined);

/** One stored entry, or undefined when damaged (a hand-edited or older slice): dropped, never thrown. */
function reviveModel(v: unknown): SavedModel | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  const number = str(o.number, 100);
  const brand = str(o.brand, 200);
  const type = str(o.type, 200);
  const url = str(o.url, 500);
  const savedAt = typeof o.savedAt === 'number' && Number.isFinite(o.savedAt) ? o.savedAt : 0;
  // only a same-site path: the header renders it as a link
  if (
    !isModelSlug(o.slug) ||
    number === undefined ||
    brand === undefined ||
    type === undefined ||
    !url?.startsWith('/') ||
    url.startsWith('//')
  )
    return undefined;
  return { slug: o.slug, number, brand, type, url, savedAt };
}

/** The slice as stored: another version or shape starts empty; damaged entries are dropped. */
export function reviveSavedModels(v: unknown): SavedModelsState {
  if (!v || typeof v !== 'object' || (v as { v?: unknown }).v !== 1) return NO_SAVED_MODELS;
  const o = v as { models?: unknown; synced?: unknown };
  const models = Array.isArray(o.models) ? o.models.map(reviveModel).filter((m): m is SavedModel => m !== undefined) : [];
  return { v: 1, models: mergeSaved(models, []), synced: o.synced === true };
}
