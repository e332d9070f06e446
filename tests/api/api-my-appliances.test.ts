/**
 * "My appliances" in the account over the real server (docs/product/parts-finder.md#my-appliances,
 * docs/product/api.md#my-appliances): save, list and remove; the merge of the browser's list on login; the
 * storefront's words and paths; one customer never reaches another's list; bad slugs and bodies refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedModelListSchema, type SavedModelView } from '#lib/api/my-appliances-contracts.ts';
import { MAX_SAVED_MODELS } from '#lib/account/saved-models.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { modelBySlug } from '#server/catalogue/appliance-models.ts';
import { insertCustomer } from '#tests/support/test-customers.ts';
import { request, type TestResponse } from '#tests/support/http.ts';
import { api, openTestDb } from './api-support.ts';
import { accountCookies } from './account-session.ts';

const stamp = Date.now().toString(36);
const ALICE = { email: `alice-${stamp}@appliances.test`, password: 'alice-models-1', name: 'Alice Models' };
const BOB = { email: `bob-${stamp}@appliances.test`, password: 'bob-models-1', name: 'Bob Models' };
const ids: number[] = [];
let h: DbHandle;
let alice = '';
let bob = '';
/** Demo model slugs, in id order. */
let slugs: string[] = [];

const LIST = '/api/my-appliances';
const put = (cookie: string, body: unknown, locale: LocaleCode = 'sv') =>
  request(api(LIST, locale), { method: 'PUT', body: JSON.stringify(body), headers: cookie ? { cookie } : {} });
const get = (cookie: string, locale: LocaleCode = 'sv') => request(api(LIST, locale), { headers: cookie ? { cookie } : {} });
const del = (cookie: string, slug: string) =>
  request(api(`${LIST}/${encodeURIComponent(slug)}`), { method: 'DELETE', headers: cookie ? { cookie } : {} });

function listOf(r: TestResponse): SavedModelView[] {
  expect(r.status, r.body).toBe(200);
  return savedModelListSchema.parse(r.json()).models;
}
const slugsOf = (r: TestResponse) => listOf(r).map((m) => m.slug);
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

beforeAll(async () => {
  h = openTestDb();
  ids.push(await insertCustomer(h.db, ALICE), await insertCustomer(h.db, BOB));
  alice = await accountCookies(ALICE.email, ALICE.password);
  bob = await accountCookies(BOB.email, BOB.password);
  slugs = (await h.db.selectFrom('appliance_models').select('slug').orderBy('id').limit(40).execute()).map((r) => r.slug);
  expect(slugs.length).toBe(40);
});

afterAll(async () => {
  await h.db.deleteFrom('customer_models').where('customer_id', 'in', ids).execute();
  await h.db.destroy();
});

describe('without an account session', () => {
  it('GET, PUT and DELETE answer 401', async () => {
    for (const r of [await get(''), await put('', { models: [{ slug: slugs[0] }] }), await del('', slugs[0]!)]) {
      expect(r.status, r.body).toBe(401);
      expect(r.json().error.code).toBe('unauthorized');
    }
  });
});

describe('save, list, remove', () => {
  it('starts empty, saves a model and lists it in the storefront’s words with its page’s path', async () => {
    expect(listOf(await get(alice))).toEqual([]);
    const saved = listOf(await put(alice, { models: [{ slug: slugs[0] }] }));
    const detail = (await modelBySlug(h.db, slugs[0]!, 'sv'))!;
    expect(saved).toEqual([
      {
        slug: slugs[0],
        number: detail.number,
        brand: detail.brand,
        type: detail.applianceType,
        url: pathFor('model-slug', 'sv', { slug: slugs[0]! }),
        saved_at: expect.any(String),
      },
    ]);
    expect(listOf(await get(alice))).toEqual(saved);
    const fi = listOf(await get(alice, 'fi'))[0]!;
    expect(fi.url).toBe(`/malli/${slugs[0]}`);
    expect(fi.type).toBe((await modelBySlug(h.db, slugs[0]!, 'fi'))!.applianceType);
  });

  it('lists newest first; saving again moves a model to the front; a future time counts as now', async () => {
    expect(slugsOf(await put(alice, { models: [{ slug: slugs[1] }] }))).toEqual([slugs[1], slugs[0]]);
    expect(slugsOf(await put(alice, { models: [{ slug: slugs[0], saved_at: iso(-3600_000) }] }))).toEqual([slugs[0], slugs[1]]);
    const [first] = listOf(await get(alice));
    expect(Date.parse(first!.saved_at)).toBeLessThanOrEqual(Date.now());
  });

  it('removes by slug; removing it again is a 404', async () => {
    expect(slugsOf(await del(alice, slugs[1]!))).toEqual([slugs[0]]);
    const again = await del(alice, slugs[1]!);
    expect(again.status).toBe(404);
    expect(again.json().error.code).toBe('not_found');
  });
});

describe('the merge on login (the browser’s list PUT at once)', () => {
  it('is the union, newest first, a model in both keeping its later time; unknown slugs are skipped', async () => {
    // the account holds slugs[0] (just now) and slugs[2] (a day ago)
    await put(alice, { models: [{ slug: slugs[2], saved_at: iso(86_400_000) }] });
    const merged = await put(alice, {
      models: [
        { slug: slugs[3], saved_at: iso(300_000) },
        { slug: slugs[2], saved_at: iso(120_000) },
        { slug: 'no-such-model-anywhere', saved_at: iso(0) },
        { slug: slugs[4], saved_at: iso(3 * 86_400_000) },
      ],
    });
    expect(slugsOf(merged)).toEqual([slugs[0], slugs[2], slugs[3], slugs[4]]);
  });

  it('keeps at most MAX_SAVED_MODELS, the newest', async () => {
    const many = slugs.slice(10, 10 + MAX_SAVED_MODELS).map((slug, i) => ({ slug, saved_at: iso(10 * 86_400_000 - i * 1000) }));
    const list = slugsOf(await put(alice, { models: many }));
    expect(list).toHaveLength(MAX_SAVED_MODELS);
    expect(list.slice(0, 4)).toEqual([slugs[0], slugs[2], slugs[3], slugs[4]]);
    expect(list).not.toContain(slugs[10]);
    const rows = await h.db.selectFrom('customer_models').where('customer_id', '=', ids[0]!).select('model_id').execute();
    expect(rows).toHaveLength(MAX_SAVED_MODELS);
  });

  it('only unknown slugs: 404, nothing saved', async () => {
    const r = await put(bob, { models: [{ slug: 'no-such-model-anywhere' }] });
    expect(r.status, r.body).toBe(404);
    expect(listOf(await get(bob))).toEqual([]);
  });
});

describe('one customer’s list is theirs alone', () => {
  it('another customer sees none of it and cannot delete from it', async () => {
    expect(listOf(await get(bob))).toEqual([]);
    const r = await del(bob, slugs[0]!);
    expect(r.status).toBe(404);
    expect(slugsOf(await get(alice))).toContain(slugs[0]);
  });

  it('an id in the body names no customer: refused, never used', async () => {
    const r = await put(bob, { models: [{ slug: slugs[5], customer_id: ids[0] }] });
    expect(r.status).toBe(400);
    expect(listOf(await put(bob, { models: [{ slug: slugs[5] }] })).map((m) => m.slug)).toEqual([slugs[5]]);
    expect(slugsOf(await get(alice))).not.toContain(slugs[5]);
  });
});

describe('bad input', () => {
  it.each([
    ['not a slug', { models: [{ slug: '../etc/passwd' }] }],
    ['upper case', { models: [{ slug: 'Bosch-SMS46GI01E' }] }],
    ['no models', { models: [] }],
    ['too many', { models: slugs.slice(0, MAX_SAVED_MODELS + 1).map((slug) => ({ slug })) }],
    ['a bad time', { models: [{ slug: 'electrolux-el102s', saved_at: 'yesterday' }] }],
    ['not an object', ['electrolux-el102s']],
  ])('PUT with %s is a 400', async (_, body) => {
    const r = await put(alice, body);
    expect(r.status, r.body).toBe(400);
    expect(r.json().error.code).toBe('invalid_request');
  });

  it('DELETE of a malformed slug is a 400; another method a 405', async () => {
    const r = await del(alice, 'Not_A_Slug');
    expect(r.status, r.body).toBe(400);
    expect(r.json().error.code).toBe('invalid_request');
    const post = await request(api(LIST), { method: 'POST', body: '{}', headers: { cookie: alice } });
    expect(post.status).toBe(405);
  });
});
