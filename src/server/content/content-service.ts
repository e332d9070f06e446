/** Deal, widgets, search triggers and strings for the API (docs/product/api.md), per storefront. */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { Deal, Strings, Widget, WidgetSlug } from '#lib/api/content-contracts.ts';
import type { SearchTriggerHint } from '#lib/api/catalogue-contracts.ts';
import { STRINGS } from '#lib/market/i18n.ts';
import { sanitizeEditorHtml } from './sanitize.ts';
import { tokenize } from '#lib/search/tokenize.ts';
import { priorPricesOf } from '#server/catalogue/price-history.ts';
import { pricesFromRow } from '#server/catalogue/price-row.ts';
import { announcedReduction } from '#lib/pricing/prior-price.ts';
import { toMinorUnits } from '#lib/pricing/minor-units.ts';

/** docs/product/layout.md#deal-banner: only while starts_at ≤ now < expires_at; the one ending soonest wins. */
export async function currentDeal(db: Db, locale: LocaleCode, now = new Date()): Promise<Deal | null> {
  const iso = now.toISOString();
  const row = await db
    .selectFrom('deals')
    .select(['title', 'product_id', 'product_name', 'product_slug', 'discount', 'starts_at', 'expires_at'])
    .where('locale', '=', locale)
    .where('starts_at', '<=', iso)
    .where('expires_at', '>', iso)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const { product_id, ...deal } = row;
  return {
    ...deal,
    discount: Number(row.discount),
    reduction: product_id === null ? null : await dealReduction(db, locale, product_id, now),
  };
}

/** The deal product's reduction as its price announces it now, or null without a prior price (docs/adr/0022-prior-price.md). */
async function dealReduction(db: Db, locale: LocaleCode, productId: number, now: Date): Promise<Deal['reduction']> {
  const row = await db
    .selectFrom('product_prices')
    .where('product_id', '=', productId)
    .where('locale', '=', locale)
    .select(['prices', 'vat'])
    .executeTakeFirst();
  if (!row) return null;
  const prior = (await priorPricesOf(db, locale, [productId], now)).get(productId) ?? {};
  const r = announcedReduction(pricesFromRow(row), prior, 1);
  return r ? { prior_minor: toMinorUnits(r.prior), vat: Number(row.vat), percent: r.percent } : null;
}

/** A layout widget, sanitized on the server; undefined when the storefront has none with that slug. */
export async function widgetBySlug(db: Db, locale: LocaleCode, slug: WidgetSlug): Promise<Widget | undefined> {
  const row = await db
    .selectFrom('widgets')
    .select(['content', 'hidden'])
    .where('locale', '=', locale)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ? { content: sanitizeEditorHtml(row.content), hidden: !!row.hidden } : undefined;
}

/** Hints whose keyword matches a query word (or a prefix of one): "returer" → the returns page. */
export async function searchTriggers(db: Db, locale: LocaleCode, query: string): Promise<SearchTriggerHint[]> {
  const words = tokenize(query);
  if (words.length === 0) return [];
  const rows = await db
    .selectFrom('search_triggers')
    .select(['id', 'keyword', 'hint', 'url', 'url_title'])
    .where('locale', '=', locale)
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => {
      const k = r.keyword.toLowerCase();
      return words.some((w) => w.startsWith(k) || (w.length >= 3 && k.startsWith(w)));
    })
    .map(({ id, hint, url, url_title }) => ({ id, hint, url, url_title }));
}

/** src/locales/{locale}.json with the `strings` table's overrides (dotted keys) laid over it. */
export async function stringsFor(db: Db, locale: LocaleCode): Promise<Strings> {
  const merged = structuredClone(STRINGS[locale]) as Strings;
  const rows = await db.selectFrom('strings').select(['key', 'value']).where('locale', '=', locale).execute();
  for (const { key, value } of rows) {
    const parts = key.split('.').filter(Boolean);
    if (parts.length === 0 || parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node: Strings = merged;
    for (const p of parts.slice(0, -1)) {
      const next = node[p];
      if (typeof next !== 'object' || Array.isArray(next)) node[p] = {};
      node = node[p] as Strings;
    }
    node[parts[parts.length - 1]] = value;
  }
  return merged;
}
