/**
 * The back office's catalogue pages (docs/product/back-office.md#catalogue-products): search and low stock, a
 * product's prices and stock; a price or stock edit is shown back for confirmation, acts once through the operator
 * API's service (the public API answers the new price, a campaign with its prior price) and is audited; read-only
 * staff and posts without the CSRF token are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '#tests/support/http.ts';
import { TEST_PRODUCTS } from '#tests/support/test-env.ts';
import { api, openTestDb } from './api-support.ts';
import { boGet, boPost, staffSession, type StaffSession } from './backoffice-session.ts';
import type { DbHandle } from '#server/db/connection.ts';
import type { PriceObject, StockStatus } from '#lib/catalogue/types.ts';
import { updateProduct } from '#server/catalogue/product-updates.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { syncCartResponseSchema } from '#lib/api/cart-contracts.ts';

let h: DbHandle;
let editor: StaffSession;
const products = generateDemoCatalogue({ products: TEST_PRODUCTS }).products;
// a plain product away from the ends: the incremental-pages suite changes the first ones, the prior-price suite the last
// outside the automatic discount of group 40 (the cart's price is the catalogue's)
const plain = products.filter((p) => !p.prices.sv!.prices.c && p.prices.sv!.prices.n.length === 1 && p.orderable && p.group_id !== 40);
const subject = plain[Math.floor(plain.length / 2)]!;
const path = `/products/${encodeURIComponent(subject.sku)}`;
let original: { prices: string; stock_status: string; stock_quantity: number; started: string };

beforeAll(async () => {
  h = openTestDb();
  editor = await staffSession(h, 'editor');
  const row = await h.db
    .selectFrom('products as p')
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
    .where('p.id', '=', subject.id)
    .select(['pr.prices', 'p.stock_status', 'p.stock_quantity'])
    .executeTakeFirstOrThrow();
  original = { ...row, stock_quantity: Number(row.stock_quantity), started: new Date(Date.now() - 1000).toISOString() };
});

afterAll(async () => {
  // back through the same service, so a re-render (when the server follows the change feed) shows the original again
  await updateProduct(h.db, 'sv', subject.sku, {
    prices: JSON.parse(original.prices) as PriceObject,
    stock_status: original.stock_status as StockStatus,
    stock_quantity: original.stock_quantity,
    changed_by: 'backoffice-catalogue test',
  });
  await h.db.deleteFrom('price_history').where('product_id', '=', subject.id).where('at', '>=', original.started).execute();
  await h.db.destroy();
});

/** The product as the public cart API answers it now (search answers are cached for a minute). */
async function publicLine() {
  const r = await postJson(api('/api/sync-cart'), { items: [{ sku: subject.sku, quantity: 1 }], coupons: [] });
  expect(r.status, r.body).toBe(200);
  const line = syncCartResponseSchema.parse(r.json()).find((l) => l.sku === subject.sku);
  expect(line).toBeDefined();
  return line!;
}

const auditRows = (action: string) =>
  h.db
    .selectFrom('staff_audit')
    .where('action', '=', action)
    .where('subject_id', '=', subject.sku)
    .select(['before_json', 'after_json'])
    .orderBy('at')
    .execute();

/** Review, then confirm, an edit: answers the confirmation's status and body, and the confirm's answer. */
async function edit(s: StaffSession, fields: Record<string, string>) {
  const review = await boPost(path, { _csrf: s.csrf, ...fields }, s.cookie);
  expect(review.status, review.body).toBe(200);
  expect(review.body).toContain('data-testid="bo-confirm"');
  return boPost(path, { _csrf: s.csrf, ...fields, step: 'confirm' }, s.cookie);
}

describe('the back-office catalogue', () => {
  it('finds a product by sku and shows its prices per storefront and its stock', async () => {
    const list = await boGet(`/products?q=${encodeURIComponent(subject.sku)}`, editor.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toContain('data-testid="bo-products"');
    expect(list.body).toContain(`data-testid="bo-product-row" data-sku="${subject.sku}"`);
    expect(list.body).toContain('data-testid="bo-low-stock"');
    const page = await boGet(path, editor.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="bo-price-row" data-locale="sv"');
    expect(page.body).toContain('data-testid="bo-price-form"');
    expect((await boGet('/products/no-such-sku-here', editor.cookie)).status).toBe(404);
  });

  it('changes a price after confirmation, once, audited, and the public API answers it — a campaign with its prior price', async () => {
    const base = JSON.parse(original.prices) as PriceObject;
    const raised = Math.round(base.n[0]!.p) + 10;
    // the review alone changes nothing
    const review = await boPost(
      path,
      { _csrf: editor.csrf, action: 'price', locale: 'sv', normal: `1: ${raised}`, campaign: '' },
      editor.cookie,
    );
    expect(review.body).toContain(`data-testid="bo-confirm-normal">1: ${raised}.00`);
    expect((await publicLine()).price).toBe(base.n[0]!.p);

    const fields = { action: 'price', locale: 'sv', normal: `1: ${raised}`, campaign: '' };
    const done = await edit(editor, fields);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`${path}?done=price`);
    expect(await publicLine()).toMatchObject({ price: raised, ordinary_price: raised, prior_price: null });
    // the same confirmation again (a double submission) changes and audits nothing more
    expect((await boPost(path, { _csrf: editor.csrf, ...fields, step: 'confirm' }, editor.cookie)).status).toBe(303);
    const audited = await auditRows('catalogue.price');
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]!.after_json!)).toEqual({ locale: 'sv', normal: `1: ${raised}.00`, campaign: '' });
    expect(JSON.parse(audited[0]!.before_json!)).toMatchObject({ locale: 'sv', campaign: '' });

    // below the lowest price of the 30 days before (the imported one), so the reduction may be announced from it
    const lowest = base.n[0]!.p;
    const campaign = lowest - 10;
    expect((await edit(editor, { action: 'price', locale: 'sv', normal: `1: ${raised}`, campaign: `1: ${campaign}` })).status).toBe(303);
    expect(await publicLine()).toMatchObject({ price: campaign, ordinary_price: raised, prior_price: lowest });
    const row = await h.db
      .selectFrom('product_prices')
      .where('product_id', '=', subject.id)
      .where('locale', '=', 'sv')
      .select('prices')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.prices) as PriceObject).c).toEqual([
      { q: 1, p: campaign, o: raised, d: Math.round((1 - campaign / raised) * 100) },
    ]);
    const page = await boGet(path, editor.cookie);
    expect(page.body).toMatch(new RegExp(`data-testid="bo-price-prior">\\s*1: ${lowest}\\.00 SEK`));
  });

  it('changes the stock after confirmation; the low-stock list and the public API follow', async () => {
    const done = await edit(editor, { action: 'stock', stock_status: 'in-stock', stock_quantity: '2' });
    expect(done.status).toBe(303);
    const row = await h.db
      .selectFrom('products')
      .where('id', '=', subject.id)
      .select(['stock_status', 'stock_quantity'])
      .executeTakeFirstOrThrow();
    expect({ ...row, stock_quantity: Number(row.stock_quantity) }).toEqual({ stock_status: 'in-stock', stock_quantity: 2 });
    expect((await publicLine()).stock_status).toBe('in-stock');
    const list = await boGet('/products', editor.cookie);
    expect(list.body).toContain(`data-testid="bo-low-stock-row" data-sku="${subject.sku}"`);
    const audited = await auditRows('catalogue.stock');
    expect(JSON.parse(audited.at(-1)!.after_json!)).toEqual({ stockStatus: 'in-stock', stockQuantity: 2 });
  });

  it('answers bad input with the page and a message, never a change', async () => {
    const before = await publicLine();
    const r = await boPost(
      path,
      { _csrf: editor.csrf, action: 'price', locale: 'sv', normal: '1: lots', campaign: '', step: 'confirm' },
      editor.cookie,
    );
    expect(r.status).toBe(400);
    expect(r.body).toContain('data-testid="bo-product-error"');
    const s = await boPost(
      path,
      { _csrf: editor.csrf, action: 'stock', stock_status: 'in-stock', stock_quantity: '-1', step: 'confirm' },
      editor.cookie,
    );
    expect(s.status).toBe(400);
    expect(await publicLine()).toEqual({ ...before, uuid: expect.any(String) });
  });

  it('lets read-only staff look but not act, and refuses a post without the CSRF token', async () => {
    const reader = await staffSession(h, 'read_only');
    const page = await boGet(path, reader.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="bo-product-read-only"');
    expect(page.body).not.toContain('data-testid="bo-price-form"');
    const fields = { action: 'stock', stock_status: 'in-stock', stock_quantity: '7', step: 'confirm' };
    expect((await boPost(path, { _csrf: reader.csrf, ...fields }, reader.cookie)).status).toBe(403);
    expect(
      (await boPost(path, { _csrf: reader.csrf, action: 'price', locale: 'sv', normal: '1: 1', campaign: '' }, reader.cookie)).status,
    ).toBe(403);
    expect((await boPost(path, fields, editor.cookie)).status).toBe(403);
    expect((await boPost(path, { _csrf: editor.csrf, ...fields }, editor.cookie, 'http://evil.example')).status).toBe(403);
    const row = await h.db.selectFrom('products').where('id', '=', subject.id).select('stock_quantity').executeTakeFirstOrThrow();
    expect(Number(row.stock_quantity)).not.toBe(7);
    // signed out: to the sign-in page
    expect((await boGet('/products')).status).toBe(303);
  });
});
