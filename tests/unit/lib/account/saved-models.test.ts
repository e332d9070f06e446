/** "My appliances" rules (src/lib/account/saved-models.ts): newest first, one per slug, capped, damaged slices dropped. */
import { describe, expect, it } from 'vitest';
import {
  addSaved,
  isModelSlug,
  isSaved,
  MAX_SAVED_MODELS,
  mergeSaved,
  NO_SAVED_MODELS,
  removeSaved,
  reviveSavedModels,
  type SavedModel,
} from '#lib/account/saved-models.ts';

const model = (slug: string, savedAt: number, extra: Partial<SavedModel> = {}): SavedModel => ({
  slug,
  number: slug.toUpperCase(),
  brand: 'Bosch',
  type: 'Diskmaskin',
  url: `/modell/${slug}`,
  savedAt,
  ...extra,
});
const slugs = (list: readonly SavedModel[]) => list.map((m) => m.slug);

describe('addSaved / removeSaved', () => {
  it('puts a new model first and a model saved again back at the front, once', () => {
    let list = addSaved([], model('a', 1));
    list = addSaved(list, model('b', 2));
    expect(slugs(list)).toEqual(['b', 'a']);
    list = addSaved(list, model('a', 3, { url: '/model/a' }));
    expect(slugs(list)).toEqual(['a', 'b']);
    expect(list[0]!.url).toBe('/model/a');
    expect(isSaved(list, 'b')).toBe(true);
    expect(slugs(removeSaved(list, 'a'))).toEqual(['b']);
    expect(isSaved(removeSaved(list, 'b'), 'b')).toBe(false);
  });

  it('keeps at most MAX_SAVED_MODELS: the oldest falls off', () => {
    let list: SavedModel[] = [];
    for (let i = 0; i <= MAX_SAVED_MODELS; i++) list = addSaved(list, model(`m${i}`, i));
    expect(list).toHaveLength(MAX_SAVED_MODELS);
    expect(list[0]!.slug).toBe(`m${MAX_SAVED_MODELS}`);
    expect(isSaved(list, 'm0')).toBe(false);
  });
});

describe('mergeSaved (the browser and the account on login)', () => {
  it('is the union by slug, newest first, the later save winning', () => {
    const browser = [model('a', 30, { url: '/model/a' }), model('b', 10)];
    const account = [model('c', 20), model('a', 5)];
    const merged = mergeSaved(browser, account);
    expect(slugs(merged)).toEqual(['a', 'c', 'b']);
    expect(merged[0]!.url).toBe('/model/a');
    expect(mergeSaved(account, browser)).toEqual(merged);
  });

  it('caps the union and keeps the newest', () => {
    const a = Array.from({ length: 15 }, (_, i) => model(`a${i}`, i * 2));
    const b = Array.from({ length: 15 }, (_, i) => model(`b${i}`, i * 2 + 1));
    const merged = mergeSaved(a, b);
    expect(merged).toHaveLength(MAX_SAVED_MODELS);
    expect(merged.map((m) => m.savedAt)).toEqual(Array.from({ length: MAX_SAVED_MODELS }, (_, i) => 29 - i));
  });
});

describe('reviveSavedModels (the stored slice)', () => {
  it('keeps a good slice, sorted newest first', () => {
    const v = { v: 1, models: [model('a', 1), model('b', 2)], synced: true };
    expect(reviveSavedModels(JSON.parse(JSON.stringify(v)))).toEqual({ v: 1, models: [model('b', 2), model('a', 1)], synced: true });
  });

  it('starts empty for another version or shape', () => {
    expect(reviveSavedModels(null)).toEqual(NO_SAVED_MODELS);
    expect(reviveSavedModels([model('a', 1)])).toEqual(NO_SAVED_MODELS);
    expect(reviveSavedModels({ v: 2, models: [model('a', 1)] })).toEqual(NO_SAVED_MODELS);
  });

  it('drops damaged entries and links that leave the site', () => {
    const v = {
      v: 1,
      models: [
        model('good', 1),
        model('Bad Slug', 2),
        model('x', 3, { url: 'https://evil.example/' }),
        model('y', 4, { url: '//evil.example/' }),
        { slug: 'z', number: 1 },
        'nope',
      ],
    };
    expect(slugs(reviveSavedModels(v).models)).toEqual(['good']);
    expect(reviveSavedModels(v).synced).toBe(false);
  });
});

describe('isModelSlug', () => {
  it('accepts the import’s slugs only', () => {
    expect(isModelSlug('electrolux-el102s')).toBe(true);
    for (const bad of ['', 'A', 'a--b', '-a', 'a/b', '../x', 'a'.repeat(121), 7]) expect(isModelSlug(bad)).toBe(false);
  });
});
