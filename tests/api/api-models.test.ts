/** GET /api/models (docs/product/api.md#models, docs/product/parts-finder.md#model-search) against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { api, openTestDb } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { modelsResponseSchema, type ModelHit } from '#lib/api/catalogue-contracts.ts';
import { normalizeNumber } from '#lib/catalogue/model-number.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';

let h: DbHandle;
/** Every model's number and aliases (normalized), brand and sv type, by id. */
const known = new Map<number, { numbers: string[]; brand: string }>();
beforeAll(async () => {
  h = openTestDb();
  const models = await h.db
    .selectFrom('appliance_models as m')
    .innerJoin('brands as b', 'b.id', 'm.brand_id')
    .select(['m.id', 'm.normalized', 'b.name as brand'])
    .execute();
  for (const m of models) known.set(m.id, { numbers: [m.normalized], brand: m.brand });
  for (const a of await h.db.selectFrom('appliance_model_aliases').select(['model_id', 'normalized']).execute())
    known.get(a.model_id)?.numbers.push(a.normalized);
});
afterAll(async () => {
  await h.db.destroy();
});

const find = async (query: string, locale: LocaleCode = 'sv'): Promise<ModelHit[]> => {
  const r = await request(api('/api/models', locale, `&query=${encodeURIComponent(query)}`));
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  return modelsResponseSchema.parse(r.json()).models;
};
const numbersOf = (hit: ModelHit) => known.get(hit.id)!.numbers;

describe('GET /api/models', () => {
  it('finds a whole model number first, named in the storefront’s words with its model page', async () => {
    const [first] = await find('EL102S');
    expect(first).toMatchObject({
      id: 1,
      number: 'EL102S',
      brand: 'Electrolux',
      url: '/modell/electrolux-el102s',
    });
    expect(first.name).toBe(`Reservdelar till Electrolux EL102S ${first.type.toLowerCase()}`);
    expect(first.years).toHaveProperty('from');
  });

  it('finds models by a fragment, at most 10, each holding the fragment', async () => {
    const hits = await find('el10');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(10);
    for (const hit of hits) expect(numbersOf(hit).some((n) => n.includes('EL10'))).toBe(true);
    // the models it begins come before those it only occurs in
    const begins = hits.map((hit) => numbersOf(hit).some((n) => n.startsWith('EL10')));
    expect(begins.indexOf(false) === -1 || begins.lastIndexOf(true) < begins.indexOf(false)).toBe(true);
  });

  it('finds a model by an alias, typed with spaces', async () => {
    const alias = await h.db
      .selectFrom('appliance_model_aliases')
      .select(['model_id', 'number', 'normalized'])
      .orderBy('model_id')
      .executeTakeFirst();
    expect(alias).toBeDefined();
    const hits = await find(alias!.number);
    expect(hits.map((m) => m.id)).toContain(alias!.model_id);
    expect(numbersOf(hits[0])).toContain(alias!.normalized);
    const [spaced] = await find('el 102-s');
    expect(spaced.number).toBe('EL102S');
  });

  it('narrows by a word naming the brand or the appliance type', async () => {
    const [el102s] = await find('EL102S');
    const byBrand = await find('electrolux el1');
    expect(byBrand.length).toBeGreaterThan(0);
    for (const hit of byBrand) expect(hit.brand).toBe('Electrolux');
    const byType = await find(`el1 ${el102s.type.toLowerCase()}`);
    expect(byType.map((m) => m.id)).toContain(1);
    for (const hit of byType) expect(hit.type).toBe(el102s.type);
    const otherBrand = [...known.values()].find((m) => m.brand !== 'Electrolux' && !m.brand.includes(' '))!.brand;
    expect(await find(`${otherBrand} EL102S`)).toEqual([]);
  });

  it('answers no models for a query that matches none', async () => {
    expect(await find('qqxxzz')).toEqual([]);
    expect(await find('zz')).toEqual([]);
  });

  it('links each storefront’s model page in its own words', async () => {
    const prefixes: Record<LocaleCode, string> = {
      sv: 'Reservdelar till Electrolux EL102S ',
      no: 'Reservedeler til Electrolux EL102S ',
      da: 'Reservedele til Electrolux EL102S ',
      fi: 'Varaosat: Electrolux EL102S ',
      nl: 'Onderdelen voor Electrolux EL102S ',
    };
    const paths: Record<LocaleCode, string> = {
      sv: '/modell/electrolux-el102s',
      no: '/modell/electrolux-el102s',
      da: '/model/electrolux-el102s',
      fi: '/malli/electrolux-el102s',
      nl: '/model/electrolux-el102s',
    };
    for (const locale of LOCALE_CODES) {
      const [first] = await find('el102s', locale);
      expect(first.url).toBe(paths[locale]);
      expect(first.url).toBe(pathFor('model-slug', locale, { slug: 'electrolux-el102s' }));
      expect(first.name.startsWith(prefixes[locale])).toBe(true);
      expect(first.name.endsWith(first.type.toLocaleLowerCase(locale))).toBe(true);
    }
  });

  it('refuses a missing, too short or too long query and a storefront that disagrees with the host', async () => {
    for (const extra of ['', '&query=a', `&query=${'x'.repeat(201)}`]) {
      const r = await request(api('/api/models', 'sv', extra));
      expect(r.status).toBe(400);
      expect(r.json().error.code).toBe('invalid_request');
    }
    const other = await request(api('/api/models', 'fi', '&query=el102s').replace('fi.localhost', 'sv.localhost'));
    expect(other.status).toBe(400);
    expect(other.json().error.code).toBe('bad_locale');
    const post = await request(api('/api/models', 'sv', '&query=el102s'), { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('finds a model added to the catalogue without a restart', async () => {
    const template = await h.db.selectFrom('appliance_models').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const newest = await h.db.selectFrom('appliance_models').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const id = newest.id + 1;
    const number = 'QZ7781X';
    // the index is read once before the change, so the answer below must come from a rebuilt one
    expect(await find(number)).toEqual([]);
    await h.db
      .insertInto('appliance_models')
      .values({ ...template, id, number, normalized: normalizeNumber(number), slug: 'electrolux-qz7781x' })
      .execute();
    try {
      await expect
        .poll(async () => (await find('qz778')).map((m) => m.url), { timeout: 20_000, interval: 500 })
        .toEqual(['/modell/electrolux-qz7781x']);
    } finally {
      await h.db.deleteFrom('appliance_models').where('id', '=', id).execute();
    }
  });
});
