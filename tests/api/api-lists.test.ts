/**
 * The lists page (docs/product/lists.md), on SQLite and PostgreSQL: a buyer's list is the company's — a viewer reads
 * it and cannot change it, a member of another company finds nothing by its id; lines are added by sku and shown at
 * today's prices with what cannot be ordered left out of "add all"; the cart saved for later; a form from another
 * site changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type TestResponse } from '#tests/support/http.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { parseAtc } from '#lib/page-behaviour/query-params.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { openTestDb, productsOf, raw, type TestProduct } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';

const PASSWORD = 'lists test 1';
let h: DbHandle;
let products: TestProduct[];
const run = Date.now();
const email = (who: string) => `${who}-lists-${run}@example.se`;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

async function customer(who: string): Promise<void> {
  const c = (await createCustomer(h.db, email(who), who))!;
  await h.db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', c.id)
    .execute();
  ids[who] = c.id;
  cookies[who] = await accountCookies(email(who), PASSWORD);
}

const post = (who: string, fields: Record<string, string>, origin = raw('').replace(/\/$/, '')): Promise<TestResponse> =>
  request(raw('/my-account/lists'), {
    method: 'POST',
    headers: { cookie: cookies[who] ?? '', origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const page = (who: string, query = '') => request(raw(`/my-account/lists${query}`), { headers: { cookie: cookies[who] ?? '' } });
const atcOf = (body: string, testId: string) => parseAtc(new RegExp(`data-atc="([^"]*)"[^>]*data-testid="${testId}"`).exec(body)?.[1]);
const listName = async (id: string) =>
  (await h.db.selectFrom('shopping_lists').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

beforeAll(async () => {
  h = openTestDb();
  products = (await productsOf(h, 'sv')).filter((p) => p.orderable && p.stock_status === 'in-stock');
  for (const who of ['anna', 'bo', 'vera', 'olle', 'solo']) await customer(who);
  const billing = { street: 'Gatan 1', postalCode: '111 22', city: 'Stockholm' };
  const a = await createCompany(h.db, 'sv', ids.anna!, { name: 'A AB', organisationNumber: swedishOrgNumber(run), billing });
  await createCompany(h.db, 'sv', ids.olle!, { name: 'B AB', organisationNumber: swedishOrgNumber(run + 1), billing });
  for (const [who, role] of [
    ['bo', 'buyer'],
    ['vera', 'viewer'],
  ] as const)
    await h.db
      .insertInto('company_members')
      .values({ customer_id: ids[who]!, company_id: a.company.id, role, spending_limit_minor: null, created_at: new Date().toISOString() })
      .execute();
});
afterAll(async () => {
  await h.db.destroy();
});

describe('the lists page', () => {
  let list = '';
  it('a buyer makes a list and adds parts by number; the whole company sees it at today’s prices', async () => {
    const [a, b, c] = products;
    const created = await post('bo', { action: 'create', name: 'Servicebil 3' });
    expect(created.status, created.body.slice(0, 300)).toBe(303);
    const m = /^\/my-account\/lists\?list=([0-9a-f-]{36})&done=create$/.exec(created.headers.location ?? '');
    expect(m).not.toBeNull();
    list = m![1]!;
    expect((await post('bo', { action: 'add_line', list, number: a!.sku.toLowerCase(), quantity: '2', note: 'hylla 4' })).status).toBe(303);
    expect((await post('bo', { action: 'add_line', list, number: b!.sku, quantity: '1' })).status).toBe(303);
    const unknown = await post('bo', { action: 'add_line', list, number: 'ZZQ-NOPE-424242', quantity: '1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('data-testid="lists-refused" data-reason="unknown"');
    expect(unknown.body).toContain('ingen del har det numret');
    const badQty = await post('bo', { action: 'add_line', list, number: a!.sku, quantity: '0' });
    expect(badQty.status).toBe(400);
    expect(badQty.body).toContain('data-reason="quantity"');

    for (const who of ['anna', 'vera']) {
      const overview = await page(who);
      expect(overview.status).toBe(200);
      expect(overview.body).toContain('data-testid="lists"');
      expect(overview.body).toContain(`data-testid="lists-item" data-list="${list}" data-name="Servicebil 3" data-shared="true"`);
    }
    const read = await page('vera', `?list=${list}`);
    expect(read.body).toContain(`data-list="${list}" data-access="read"`);
    expect(read.body).toContain(`data-testid="list-line" data-sku="${a!.sku}" data-quantity="2"`);
    expect(read.body).not.toContain('list-add-line-form');
    expect(atcOf(read.body, 'list-add-all')).toEqual([
      { sku: a!.sku, quantity: 2 },
      { sku: b!.sku, quantity: 1 },
    ]);
    expect((await page('anna', `?list=${list}`)).body).toContain('data-access="edit"');

    // the product page's "add to a list": the part offered to the lists the customer may change
    const offer = await page('bo', `?add=${encodeURIComponent(c.sku)}`);
    expect(offer.body).toContain(`data-testid="lists-add-product" data-sku="${c.sku}"`);
    expect(offer.body).toContain(`<option value="${list}">Servicebil 3</option>`);
    const none = await page('vera', `?add=${encodeURIComponent(c.sku)}`);
    expect(none.body).toContain('data-testid="lists-add-product"');
    expect(none.body).not.toContain('lists-add-product-form');
    expect(none.body).toContain('Du har ingen lista som du kan ändra.');
    expect((await page('bo', '?add=ZZQ-NOPE-1')).body).not.toContain('lists-add-product');
  });

  it('a viewer cannot change the list; another company’s member finds nothing by its id', async () => {
    const viewer = await post('vera', { action: 'rename', list, name: 'Vera was here' });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toContain('data-reason="forbidden"');
    expect((await post('vera', { action: 'create', name: 'Mine' })).status).toBe(403);
    expect((await post('vera', { action: 'add_line', list, number: products[2]!.sku, quantity: '1' })).status).toBe(403);

    const other = await page('olle', `?list=${list}`);
    expect(other.status).toBe(404);
    expect(other.body).toContain('data-reason="not_found"');
    expect(other.body).not.toContain('Servicebil 3');
    const attempts: Record<string, string>[] = [
      { action: 'rename', list, name: 'Taken' },
      { action: 'delete', list },
      { action: 'remove_line', list, sku: products[0]!.sku },
      { action: 'add_line', list, number: products[2]!.sku, quantity: '1' },
    ];
    for (const fields of attempts) {
      const r = await post('olle', fields);
      expect(r.status, fields.action).toBe(404);
    }
    // a customer without a company neither
    expect((await page('solo', `?list=${list}`)).status).toBe(404);
    expect(await listName(list)).toBe('Servicebil 3');
    const lines = await h.db.selectFrom('shopping_list_lines').select('sku').where('list_id', '=', list).execute();
    expect(lines).toHaveLength(2);

    // a form from another site changes nothing, even from a member
    const evil = await post('bo', { action: 'rename', list, name: 'Evil' }, 'https://evil.example');
    expect(evil.status).toBe(403);
    expect(await listName(list)).toBe('Servicebil 3');
  });

  it('changes and removes lines, adds the cart, renames and deletes', async () => {
    const [a, b, c] = products;
    expect((await post('anna', { action: 'change_line', list, sku: a!.sku, quantity: '5', note: '' })).status).toBe(303);
    expect((await post('anna', { action: 'remove_line', list, sku: b!.sku })).status).toBe(303);
    // the cart's lines: a sku not sold here is left out
    expect((await post('anna', { action: 'add_cart', list, cart: `${a!.sku}:1;${c!.sku}:3;ZZQ-NOPE-1:1` })).status).toBe(303);
    const shown = await page('bo', `?list=${list}`);
    expect(atcOf(shown.body, 'list-add-all')).toEqual([
      { sku: a!.sku, quantity: 6 },
      { sku: c!.sku, quantity: 3 },
    ]);
    expect((await post('bo', { action: 'rename', list, name: 'Servicebil 4' })).status).toBe(303);
    expect(await listName(list)).toBe('Servicebil 4');
    expect((await post('bo', { action: 'delete', list })).headers.location).toBe('/my-account/lists?done=delete');
    expect(await h.db.selectFrom('shopping_list_lines').select('sku').where('list_id', '=', list).execute()).toEqual([]);
  });

  it('saves the cart for later and offers it back at today’s prices, a part no longer sold reported', async () => {
    const [a] = products;
    const empty = await post('solo', { action: 'save_cart', cart: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('data-reason="cart"');
    expect((await post('solo', { action: 'save_cart', cart: `${a!.sku}:3;ZZQ-GONE-1:1` })).status).toBe(303);
    const back = await page('solo');
    expect(back.body).toContain(`data-testid="saved-cart-line" data-sku="${a!.sku}" data-quantity="3"`);
    expect(back.body).toMatch(/data-sku="ZZQ-GONE-1"[^]*?data-testid="saved-cart-unavailable"/);
    expect(atcOf(back.body, 'saved-cart-restore')).toEqual([{ sku: a!.sku, quantity: 3 }]);
    // another customer does not see it
    expect((await page('bo')).body).not.toContain('saved-cart-line');
    expect((await post('solo', { action: 'delete_saved_cart' })).status).toBe(303);
    expect((await page('solo')).body).not.toContain('saved-cart-line');
  });

  it('is the lists page in every storefront, in its language; a company’s lists only in the company’s storefront', async () => {
    const titles = { sv: 'Listor', no: 'Lister', da: 'Lister', fi: 'Listat', nl: 'Lijsten' } as const;
    expect((await post('anna', { action: 'create', name: 'Gemensam' })).status).toBe(303);
    for (const locale of LOCALE_CODES) {
      const cookie = await accountCookies(email('anna'), PASSWORD, locale);
      const r = await request(raw('/my-account/lists', locale), { headers: { cookie } });
      expect(r.status, locale).toBe(200);
      expect(r.body).toContain('data-testid="lists"');
      expect(r.body).toContain(`<h1>${titles[locale]}</h1>`);
      // Anna's company buys in sv: elsewhere she makes personal lists and sees none of the company's
      expect(r.body.includes('data-name="Gemensam" data-shared="true"'), locale).toBe(locale === 'sv');
    }
  });

  it('answers a visitor who is not logged in with the login prompt and changes nothing', async () => {
    const r = await request(raw('/my-account/lists'), {
      method: 'POST',
      headers: { origin: raw('').replace(/\/$/, ''), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=create&name=Anon',
    });
    expect(r.body).not.toContain('data-testid="lists"');
    expect(await h.db.selectFrom('shopping_lists').select('id').where('name', '=', 'Anon').execute()).toEqual([]);
  });
});
