/**
 * The coupon engine (docs/product/coupons.md), pure. Order of work on a cart:
 *  1. minimum spend: a coupon whose minimum the subtotal does not reach is not applied (failed_minimum_spend);
 *  2. percentages: each line gets the HIGHEST of the matching percentage coupons (global, group,
 *     excluded-group, discount-category), the customer's discount for its category and a company's net
 *     price (docs/adr/0035-company-prices.md) — never their sum;
 *  3. buy-X-get-Y: the cheapest "get" units are discounted per complete set of "buy" units;
 *  4. fixed amounts (type 2, type 3 on full-price lines only, CUSTOMERDISCOUNT) are spread over the
 *     eligible lines in proportion to what is left of them.
 * No step takes a line below zero. VAT contained in each coupon's discount is reported per coupon.
 */
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import { roundTo } from '#lib/pricing/vat.ts';
import { clampPercent, customerPercent, highestPercent, scopeAdmits } from './percentage-rule.ts';
import { applyStacked } from './stacking.ts';
import { netPriceDiscount } from '#lib/company/company-prices.ts';
import { DiscountType, isBuyXGetY, type CouponRule, type EngineLine, type EngineOptions } from './types.ts';

export interface EngineResult {
  /** Discount (incl. VAT) per input line, same order; never more than the line's total. */
  lineDiscounts: number[];
  coupons: Coupon[];
}

const intersects = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x));

/** Does a rule's group/category restriction admit this line? (specific_groups, excluded_groups, categories) */
export function ruleAdmits(rule: CouponRule, line: EngineLine): boolean {
  if (rule.discount_type_value === DiscountType.FullPriceAmount && line.campaign) return false;
  return scopeAdmits(rule, line);
}

function matchesSide(products: number[], categories: number[], groups: number[], line: EngineLine): boolean {
  if (products.length === 0 && categories.length === 0 && groups.length === 0) return true;
  return (
    products.includes(line.product_id) ||
    intersects(categories, line.categories) ||
    (line.group_id !== null && groups.includes(line.group_id))
  );
}

export function emptyCoupon(code: string): Coupon {
  return {
    code,
    applied: false,
    failed_minimum_spend: false,
    percentage_discount: 0,
    specific_groups: [],
    excluded_groups: [],
    specific_discount_categories: [],
    buy_x: 0,
    get_y: 0,
    buy_products: [],
    get_products: [],
    buy_categories: [],
    get_categories: [],
    buy_groups: [],
    get_groups: [],
    buyx_free_amount: 0,
    vat_amount: 0,
    vat_rate: 0,
    discount_label: '',
    all_affected_items: [],
    discount_type_percentage: false,
    discount_type_value: 0,
    fixed_amount: 0,
    reason: null,
    replaced_by: [],
  };
}

function couponOf(rule: CouponRule): Coupon {
  return {
    ...emptyCoupon(rule.code),
    percentage_discount: rule.percentage_discount,
    specific_groups: rule.specific_groups,
    excluded_groups: rule.excluded_groups,
    specific_discount_categories: rule.specific_discount_categories,
    buy_x: rule.buy_x,
    get_y: rule.get_y,
    buy_products: rule.buy_products,
    get_products: rule.get_products,
    buy_categories: rule.buy_categories,
    get_categories: rule.get_categories,
    buy_groups: rule.buy_groups,
    get_groups: rule.get_groups,
    buyx_free_amount: rule.buyx_free_amount,
    discount_label: rule.label,
    discount_type_percentage: rule.discount_type_value === DiscountType.Percentage,
    discount_type_value: rule.discount_type_value,
    fixed_amount: rule.discount_type_value === DiscountType.Percentage ? 0 : rule.fixed_amount,
  };
}

const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * Every rule given is applied together (steps 1–4 above). Which rules may be given together is the
 * stacking rule's business (applyCoupons below, docs/adr/0011-coupon-stacking.md).
 */
export function applyRules(lines: readonly EngineLine[], rules: readonly CouponRule[], options: EngineOptions = {}): EngineResult {
  const totals = lines.map((l) => nonNegative(l.unit_price) * Math.max(0, l.quantity));
  const remaining = [...totals];
  const subtotal = totals.reduce((a, b) => a + b, 0);
  // Per coupon: discount given on each line (for VAT and affected items).
  const given = rules.map(() => lines.map(() => 0));
  const coupons = rules.map(couponOf);
  const valid = rules.map((r, i) => {
    if (r.minimum_spend > 0 && subtotal < r.minimum_spend) {
      coupons[i].failed_minimum_spend = true;
      return false;
    }
    return true;
  });
  const matched = rules.map(() => false);

  // 2. Percentages: the highest of the matching coupons and the customer discount, per line.
  lines.forEach((line, li) => {
    let best = -1;
    let bestPercent = 0;
    rules.forEach((r, ri) => {
      if (!valid[ri] || isBuyXGetY(r) || r.discount_type_value !== DiscountType.Percentage || !ruleAdmits(r, line)) return;
      matched[ri] = true;
      const p = clampPercent(r.percentage_discount);
      if (p > bestPercent) {
        bestPercent = p;
        best = ri;
      }
    });
    const customer = customerPercent(line, options.customerDiscounts);
    const percent = highestPercent([bestPercent], customer);
    const byPercent = (totals[li] * percent) / 100;
    // a company's net price is one more single candidate, never added to a percentage (docs/adr/0035-company-prices.md)
    const byNet = netPriceDiscount(nonNegative(line.unit_price), Math.max(0, line.quantity), line.net_unit_price);
    const amount = Math.min(remaining[li], Math.max(byPercent, byNet));
    remaining[li] -= amount;
    if (best >= 0 && bestPercent >= customer && byPercent >= byNet) given[best][li] += amount;
  });

  // 3. Buy-X-get-Y.
  rules.forEach((r, ri) => {
    if (!valid[ri] || !isBuyXGetY(r)) return;
    const buy = lines.map((l) => matchesSide(r.buy_products, r.buy_categories, r.buy_groups, l) && ruleAdmits(r, l));
    const get = lines.map((l) => matchesSide(r.get_products, r.get_categories, r.get_groups, l) && ruleAdmits(r, l));
    const buyUnits = lines.reduce((n, l, i) => n + (buy[i] ? l.quantity : 0), 0);
    const getUnits = lines.reduce((n, l, i) => n + (get[i] ? l.quantity : 0), 0);
    // When a line is on both sides the free units come out of the same pile: a set is buy_x + get_y units.
    const overlap = lines.some((_, i) => buy[i] && get[i]);
    const sets = Math.floor(buyUnits / (overlap ? r.buy_x + r.get_y : r.buy_x));
    let free = Math.min(sets * r.get_y, getUnits);
    if (free <= 0) return;
    matched[ri] = true;
    const order = lines
      .map((_, i) => i)
      .filter((i) => get[i] && lines[i].quantity > 0)
      .sort((a, b) => remaining[a] / lines[a].quantity - remaining[b] / lines[b].quantity);
    for (const i of order) {
      if (free <= 0) break;
      const units = Math.min(free, lines[i].quantity);
      const unitLeft = remaining[i] / lines[i].quantity;
      const perUnit =
        r.buyx_free_amount > 0 ? Math.min(unitLeft, r.buyx_free_amount) : (unitLeft * clampPercent(r.percentage_discount || 100)) / 100;
      const amount = Math.min(remaining[i], perUnit * units);
      remaining[i] -= amount;
      given[ri][i] += amount;
      free -= units;
    }
  });

  // 4. Fixed amounts, spread over eligible lines in proportion to what is left of them.
  rules.forEach((r, ri) => {
    if (!valid[ri] || isBuyXGetY(r) || r.discount_type_value === DiscountType.Percentage) return;
    const eligible = lines.map((l, i) => (ruleAdmits(r, l) && remaining[i] > 0 ? i : -1)).filter((i) => i >= 0);
    if (eligible.length === 0) return;
    matched[ri] = true;
    const pool = eligible.reduce((s, i) => s + remaining[i], 0);
    const amount = Math.min(nonNegative(r.fixed_amount), pool);
    for (const i of eligible) {
      const share = Math.min(remaining[i], (amount * remaining[i]) / pool);
      remaining[i] -= share;
      given[ri][i] += share;
    }
  });

  coupons.forEach((c, ri) => {
    c.applied = valid[ri] && matched[ri];
    const affected = lines.map((_, i) => i).filter((i) => given[ri][i] > 0);
    c.all_affected_items = [...new Set(affected.map((i) => lines[i].product_id))];
    const vat = affected.reduce((s, i) => s + (given[ri][i] * lines[i].vat) / (100 + lines[i].vat), 0);
    const amount = affected.reduce((s, i) => s + given[ri][i], 0);
    const rates = [...new Set(affected.map((i) => lines[i].vat))];
    c.vat_amount = roundTo(vat, 2);
    // One rate in the normal case; a mixed cart reports the effective rate of the discount.
    c.vat_rate = rates.length === 1 ? rates[0] : amount - vat > 0 ? roundTo((vat / (amount - vat)) * 100, 2) : 0;
  });

  return { lineDiscounts: totals.map((t, i) => Math.max(0, t - remaining[i])), coupons };
}

/**
 * The engine as the cart and the checkout use it: the stacking rule (./stacking.ts) picks the allowed
 * combination of entered codes and automatic discounts that saves the shopper the most, then applies it.
 */
export function applyCoupons(lines: readonly EngineLine[], rules: readonly CouponRule[], options: EngineOptions = {}): EngineResult {
  return applyStacked(rules, (subset) => applyRules(lines, subset, options));
}
