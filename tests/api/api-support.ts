/** Shared helpers of the API suites: storefront URLs with locale+sid, and direct DB access for expectations. */
import { inject } from 'vitest';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { openDb, type DbHandle } from '#server/db/connection.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { request, type TestResponse } from '#tests/support/http.ts';

export const port = new URL(inject('apiBase')).port;
export const api = (path: string, locale: LocaleCode = 'sv', extra = '') =>
  `http://${locale}.localhost:${port}${path}${path.includes('?') ? '&' : '?'}locale=${locale}&sid=${LOCALES[locale].storeID}${extra}`;
export const raw = (path: string, locale: LocaleCode = 'sv') => `http://${locale}.localhost:${port}${path}`;
/** The return page's form posted as the browser does: from the storefront's own origin, with the visitor's cookie. */
export const postReturnPage = (number: string, cookie: string, body: string): Promise<TestResponse> =>
  request(raw(`/my-order/return/${number}`), {
    method: 'POST',
    headers: { cookie, origin: raw('').replace(/\/$/, ''), 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

export function openTestDb(): DbHandle {
  return openDb(dbConfigFromEnv({ DATABASE_URL: inject('databaseUrl') }));
}

export interface TestProduct {
  id: number;
  sku: string;
  stock_status: string;
  stock_quantity: number;
  orderable: number;
  group_id: number | null;
  discount_category: string | null;
  prices: PriceObject;
  name: string;
  slug: string;
}

export async function productsOf(h: DbHandle, locale: LocaleCode): Promise<TestProduct[]> {
  const rows = await localizedProducts(h.db, locale)
    .select([
      'p.id',
      'p.sku',
      'p.stock_status',
      'p.stock_quantity',
      'p.orderable',
      'p.group_id',
      'p.discount_category',
      'pr.prices',
      't.name',
      't.slug',
    ])
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ ...r, prices: JSON.parse(r.prices) as PriceObject }));
}

/** POST /depict/_sandbox/{name} on the suite's provider sandbox (feed, faults, reset: sandbox/README.md); expects 200. */
export async function depictControl(name: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${inject('sandboxUrl')}/depict/_sandbox/${name}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  if (res.status !== 200) throw new Error(`depict sandbox control ${name} answered ${res.status}`);
}
