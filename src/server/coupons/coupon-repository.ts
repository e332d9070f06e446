/**
 * Coupon rules per storefront, from the coupons table. The table is small and read on every cart sync,
 * so the rules are kept in memory for a short while (a changed coupon is live within COUPON_TTL_MS).
 */
import type { Db } from '#server/db/connection.ts';
import type { CouponsTable } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CouponRule, DiscountTypeValue } from '#lib/coupons/types.ts';
import { processCache } from '#server/cache/process-cache.ts';

export const COUPON_TTL_MS = 30_000;

const list = <T>(text: string): T[] => {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

export function ruleFromRow(r: CouponsTable): CouponRule {
  return {
    code: r.code,
    automatic: !!r.automatic,
    label: r.label,
    discount_type_value: ([1, 2, 3].includes(r.discount_type_value) ? r.discount_type_value : 1) as DiscountTypeValue,
    percentage_discount: r.percentage_discount,
    fixed_amount: r.fixed_amount,
    minimum_spend: r.minimum_spend,
    specific_groups: list(r.specific_groups),
    excluded_groups: list(r.excluded_groups),
    specific_discount_categories: list(r.specific_discount_categories),
    buy_x: r.buy_x,
    get_y: r.get_y,
    buy_products: list(r.buy_products),
    get_products: list(r.get_products),
    buy_categories: list(r.buy_categories),
    get_categories: list(r.get_categories),
    buy_groups: list(r.buy_groups),
    get_groups: list(r.get_groups),
    buyx_free_amount: r.buyx_free_amount,
    combinable: !!r.combinable,
    with_automatic: !!r.with_automatic,
  };
}

interface Entry {
  at: number;
  rows: Promise<CouponsTable[]>;
}
const cache = processCache('coupon-rules.v1', () => new WeakMap<Db, Map<LocaleCode, Entry>>());

async function rowsFor(db: Db, locale: LocaleCode): Promise<CouponsTable[]> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(locale);
  if (hit && Date.now() - hit.at < COUPON_TTL_MS) return hit.rows;
  const rows = db.selectFrom('coupons').selectAll().where('locale', '=', locale).where('active', '=', 1).execute();
  rows.catch(() => perDb.delete(locale));
  perDb.set(locale, { at: Date.now(), rows });
  return rows;
}

const live = (r: CouponsTable, now: string) => (!r.starts_at || r.starts_at <= now) && (!r.expires_at || now < r.expires_at);

/** The automatic discounts plus the rules for the requested codes (upper-cased); unknown codes are left out. */
export async function rulesFor(
  db: Db,
  locale: LocaleCode,
  codes: readonly string[],
  now = new Date(),
): Promise<{ rules: CouponRule[]; known: Set<string> }> {
  const iso = now.toISOString();
  const wanted = new Set(codes.map((c) => c.toUpperCase()));
  const rows = (await rowsFor(db, locale)).filter((r) => live(r, iso) && (r.automatic || wanted.has(r.code)));
  return { rules: rows.map(ruleFromRow), known: new Set(rows.filter((r) => !r.automatic).map((r) => r.code)) };
}
