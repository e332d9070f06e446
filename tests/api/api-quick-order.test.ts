/**
 * Quick order (docs/product/quick-order.md), on SQLite and PostgreSQL: pasted lines and uploaded CSV/XLSX resolved
 * by sku, OEM number or cross-reference to the part sold in the storefront, with prices; unknown numbers answered
 * with suggestions; 500 lines in one call; only for a logged-in customer; bad input a clear 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { postJson } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, type TestProduct } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { quickOrderResponseSchema } from '#lib/api/quick-order-contracts.ts';

let h: DbHandle;
let products: TestProduct[];
let cookie: string;
beforeAll(async () => {
  h = openTestDb();
  products = await productsOf(h, 'sv');
  cookie = await accountCookies(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
});
afterAll(async () => {
  await h.db.destroy();
});

const quick = async (body: unknown, headers: Record<string, string> = { cookie }) => postJson(api('/api/quick-order'), body, headers);
const answer = async (body: unknown) => {
  const r = await quick(body);
  expect(r.status, r.body).toBe(200);
  return quickOrderResponseSchema.parse(r.json());
};

/** A product sold in sv with an OEM number that names it alone, and that number. */
async function oemNumbered(): Promise<{ product: TestProduct; number: string }> {
  const sold = new Map(products.map((p) => [p.id, p]));
  const rows = await h.db.selectFrom('product_numbers').select(['product_id', 'number', 'kind']).where('kind', '=', 'oem').execute();
  const owners = new Map<string, Set<number>>();
  for (const r of rows) (owners.get(r.number) ?? owners.set(r.number, new Set()).get(r.number)!).add(r.product_id);
  const replaced = new Set((await h.db.selectFrom('product_supersessions').select('product_id').execute()).map((r) => r.product_id));
  const r = rows.find((x) => owners.get(x.number)!.size === 1 && sold.has(x.product_id) && !replaced.has(x.product_id))!;
  return { product: sold.get(r.product_id)!, number: r.number };
}

describe('POST /api/quick-order', () => {
  it('resolves skus and OEM numbers to the parts sold here, priced as the cart prices them for this customer; the rest with suggestions', async () => {
    const [a] = products;
    const cartPrice = (await postJson(api('/api/sync-cart'), { items: [{ sku: a!.sku, quantity: 2 }] }, { cookie })).json<
      { price: number }[]
    >()[0]!.price;
    const oem = await oemNumbered();
    const text = `Artikelnummer;Antal\n${a!.sku.toLowerCase()};2\n${oem.number}\t3\nZZQ-NOPE-424242;1\n${a!.sku};x\n`;
    const r = await answer({ text });
    expect(r.resolved).toEqual([
      {
        row: 2,
        number: a!.sku.toLowerCase(),
        quantity: 2,
        via: 'sku',
        product: expect.objectContaining({ sku: a!.sku, name: a!.name, unit_price_minor: Math.round(cartPrice * 100) }),
      },
      { row: 3, number: oem.number, quantity: 3, via: 'oem', product: expect.objectContaining({ sku: oem.product.sku }) },
    ]);
    expect(r.unresolved).toHaveLength(1);
    expect(r.unresolved[0]).toMatchObject({ row: 4, number: 'ZZQ-NOPE-424242', reason: 'unknown' });
    expect(Array.isArray(r.unresolved[0]!.suggestions)).toBe(true);
    expect(r.problems).toEqual([{ row: 5, text: `${a!.sku} x`, reason: 'quantity' }]);
  });

  it('suggests from the search for a misspelt number', async () => {
    const [a] = products;
    const r = await answer({ text: `${a!.name.slice(0, 12)} 1` });
    expect(r.resolved).toEqual([]);
    expect(r.unresolved[0]!.suggestions.length).toBeGreaterThan(0);
  });

  it('resolves 500 rows in one call — every sku and 200 OEM numbers — each to its own part', async () => {
    const sold = new Set(products.map((p) => p.id));
    const replaced = new Set((await h.db.selectFrom('product_supersessions').select('product_id').execute()).map((r) => r.product_id));
    const oems = (await h.db.selectFrom('product_numbers').select(['product_id', 'number']).where('kind', '=', 'oem').execute())
      .filter((r) => sold.has(r.product_id) && !replaced.has(r.product_id))
      .slice(0, 500 - products.length);
    const skuOf = new Map(products.map((p) => [p.id, p.sku]));
    const rows = [...products.map((p) => [p.sku, 1] as const), ...oems.map((o) => [o.number, 2] as const)];
    expect(rows).toHaveLength(500);
    const r = await answer({ text: rows.map(([n, q]) => `${n};${q}`).join('\n') });
    expect(r.unresolved).toEqual([]);
    expect(r.resolved.map((l) => [l.product.sku, l.quantity])).toEqual([
      ...products.map((p) => [p.sku, 1]),
      ...oems.map((o) => [skuOf.get(o.product_id), 2]),
    ]);
  }, 60_000);

  it('reads an uploaded XLSX workbook and a CSV file', async () => {
    const [a, b] = products;
    const xlsx = await (
      await writeXlsxFile([
        [{ value: a!.sku }, { value: 4 }],
        [{ value: b!.sku }, { value: 1 }],
      ])
    ).toBuffer();
    const fromXlsx = await answer({ file: { name: 'order.xlsx', data: xlsx.toString('base64') } });
    expect(fromXlsx.resolved.map((l) => [l.product.sku, l.quantity])).toEqual([
      [a!.sku, 4],
      [b!.sku, 1],
    ]);
    const csv = Buffer.from(`"${a!.sku}";7\n`).toString('base64');
    expect((await answer({ file: { name: 'order.csv', data: csv } })).resolved.map((l) => l.quantity)).toEqual([7]);
  });

  it('is only for a logged-in customer and answers bad input with a clear 4xx', async () => {
    expect((await quick({ text: 'PF-1' }, {})).status).toBe(401);
    const empty = await quick({ text: '' });
    expect(empty.status).toBe(400);
    expect(empty.json<{ error: { code: string } }>().error.code).toBe('invalid_request');
    expect((await quick({ file: { name: 'order.exe', data: 'AAAA' } })).status).toBe(400);
    const tooBig = await quick({ text: 'x'.repeat(3_000_000) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json<{ error: { code: string } }>().error.code).toBe('body_too_large');
    const notXlsx = await quick({ file: { name: 'order.xlsx', data: Buffer.from('PF-1;1').toString('base64') } });
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.json<{ error: { field: string } }>().error.field).toBe('file');
  });
});
