/**
 * The "My appliances" slice and the account (src/stores/my-appliances.ts, docs/product/parts-finder.md#my-appliances):
 * logged out nothing is sent; on login the browser's list is PUT once and the answer becomes the list; changes while
 * synced go to the account; a 401 or a logout asks for a new merge at the next login.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '#stores/auth.ts';
import { followAccount, forgetModel, myAppliances, saveModel } from '#stores/my-appliances.ts';
import { LOGGED_OUT } from '#lib/account/client-rules.ts';
import { NO_SAVED_MODELS } from '#lib/account/saved-models.ts';

const model = (slug: string) => ({ slug, number: slug.toUpperCase(), brand: 'Bosch', type: 'Diskmaskin', url: `/modell/${slug}` });
const view = (slug: string, at: string) => ({ ...model(slug), saved_at: at });
const LOGGED_IN = { ...LOGGED_OUT, loggedIn: true, name: 'Kund', expiresAt: Date.now() + 3_600_000 };

let calls: { method: string; url: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { models: [] } };

beforeEach(() => {
  calls = [];
  auth.set(LOGGED_OUT);
  myAppliances.set(NO_SAVED_MODELS);
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(init.body as string) : undefined });
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('my appliances slice', () => {
  followAccount();

  it('logged out: saves and removes in the browser only', async () => {
    saveModel(model('a'));
    saveModel(model('b'));
    expect(myAppliances.get().models.map((m) => m.slug)).toEqual(['b', 'a']);
    forgetModel('a');
    await settle();
    expect(myAppliances.get().models.map((m) => m.slug)).toEqual(['b']);
    expect(calls).toEqual([]);
  });

  it('on login PUTs the browser’s list once and takes the account’s answer; later saves go to the account', async () => {
    saveModel(model('a'));
    answer = { status: 200, body: { models: [view('a', '2026-11-27T04:00:00.000Z'), view('c', '2026-11-20T10:00:00.000Z')] } };
    auth.set(LOGGED_IN);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url).toMatch(/^\/api\/my-appliances\?/);
    expect(calls[0]!.body).toEqual({ models: [{ slug: 'a', saved_at: expect.any(String) }] });
    expect(myAppliances.get()).toMatchObject({ synced: true, models: [{ slug: 'a' }, { slug: 'c' }] });

    auth.set({ ...LOGGED_IN }); // another change of the auth slice: no second merge
    await settle();
    expect(calls).toHaveLength(1);

    answer = { status: 200, body: { models: [view('c', '2026-11-20T10:00:00.000Z')] } };
    forgetModel('a');
    await settle();
    expect(calls[1]).toMatchObject({ method: 'DELETE', url: expect.stringMatching(/^\/api\/my-appliances\/a\?/) });
    expect(myAppliances.get().models.map((m) => m.slug)).toEqual(['c']);

    auth.set(LOGGED_OUT);
    expect(myAppliances.get()).toMatchObject({ synced: false, models: [{ slug: 'c' }] });
  });

  it('with nothing in the browser, reads the account’s list with GET', async () => {
    answer = { status: 200, body: { models: [view('d', '2026-11-27T04:00:00.000Z')] } };
    auth.set(LOGGED_IN);
    await settle();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(myAppliances.get()).toMatchObject({ synced: true, models: [{ slug: 'd' }] });
  });

  it('a 401 keeps the browser’s list and leaves it unsynced', async () => {
    saveModel(model('e'));
    answer = { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } };
    auth.set(LOGGED_IN);
    await settle();
    expect(myAppliances.get()).toMatchObject({ synced: false, models: [{ slug: 'e' }] });
  });

  it('a guest’s one-order session is no account: nothing is sent', async () => {
    saveModel(model('f'));
    auth.set({ ...LOGGED_IN, strategy: 'myOrder', orderId: '1000017' });
    await settle();
    expect(calls).toEqual([]);
  });
});
