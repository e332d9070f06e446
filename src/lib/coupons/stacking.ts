/**
 * Coupon stacking (docs/adr/0011-coupon-stacking.md), pure. What a shopper enters is at most ONE order-level
 * code (percentage, fixed amount, full-price amount, CUSTOMERDISCOUNT) and at most ONE gift code
 * (buy-X-get-Y); an order code and a gift code go together only when both rows are `combinable`. The
 * automatic discounts join only when every entered code in the combination allows it (`with_automatic`).
 * Of the allowed combinations the one that saves the shopper the most is applied (ties: fewer codes, then
 * the alphabetically first codes), so the result does not depend on the order the codes were entered in.
 * Entered codes that would apply on their own but lost are answered `reason: 'not_combinable'` with the
 * codes that took their place.
 */
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import { isBuyXGetY, type CouponRule } from './types.ts';

/** The two classes of entered codes: order-level discounts and gifts (buy-X-get-Y). */
export type StackClass = 'order' | 'gift';

export const stackClass = (rule: Pick<CouponRule, 'buy_x' | 'get_y'>): StackClass => (isBuyXGetY(rule) ? 'gift' : 'order');

type StackRule = Pick<CouponRule, 'buy_x' | 'get_y' | 'combinable' | 'with_automatic'>;

/** May these entered codes be applied together? At most one per class; two only when both are combinable. */
export function allowedTogether(entered: readonly StackRule[]): boolean {
  if (entered.length <= 1) return true;
  if (entered.length > 2) return false;
  const [a, b] = entered;
  return stackClass(a) !== stackClass(b) && a.combinable && b.combinable;
}

/** The automatic discounts join a combination when every entered code in it allows them. */
export const automaticJoins = (entered: readonly StackRule[]): boolean => entered.every((r) => r.with_automatic);

/** What evaluating one set of rules on the cart gives: discount per line, and one coupon per rule in order. */
export interface Evaluation {
  lineDiscounts: number[];
  coupons: Coupon[];
}

/** Savings are compared in hundredths so that float noise cannot decide between two combinations. */
const savingOf = (e: Evaluation) => Math.round(e.lineDiscounts.reduce((s, d) => s + d, 0) * 100);

interface Candidate {
  /** Indices (into the rules) of the entered codes in this combination. */
  entered: number[];
  run: Evaluation;
  /** Indices (into the rules) of the rules evaluated, parallel to run.coupons. */
  given: number[];
  saving: number;
  key: string;
}

/**
 * Applies the best allowed combination of `rules` (entered codes and automatic discounts) through
 * `evaluate`, which applies every rule it is given together (server-engine.ts applyRules).
 * The answer has one coupon per rule, in the order of `rules`.
 */
export function applyStacked(rules: readonly CouponRule[], evaluate: (rules: CouponRule[]) => Evaluation): Evaluation {
  // One canonical order (automatic first, then by code) so that entry order never changes a result.
  const canonical = rules
    .map((_, i) => i)
    .sort((a, b) => Number(rules[a].automatic) - Number(rules[b].automatic) || cmp(rules[a].code, rules[b].code) || a - b);
  const entered = canonical.filter((i) => !rules[i].automatic);

  const run = (chosen: number[]): Candidate => {
    const joins = automaticJoins(chosen.map((i) => rules[i]));
    const given = canonical.filter((i) => (rules[i].automatic ? joins : chosen.includes(i)));
    const result = evaluate(given.map((i) => rules[i]));
    const codes = chosen.map((i) => rules[i].code).sort(cmp);
    return { entered: chosen, run: result, given, saving: savingOf(result), key: codes.join('\u0000') };
  };
  const couponIn = (c: Candidate, i: number) => c.run.coupons[c.given.indexOf(i)];

  const none = run([]);
  const alone = new Map(entered.map((i) => [i, run([i])]));
  const applies = entered.filter((i) => couponIn(alone.get(i)!, i).applied);
  const candidates = [none, ...applies.map((i) => alone.get(i)!)];
  applies.forEach((a, n) =>
    applies.slice(n + 1).forEach((b) => {
      if (allowedTogether([rules[a], rules[b]])) candidates.push(run([a, b]));
    }),
  );
  const best = candidates.reduce((w, c) => (better(c, w) ? c : w));

  const appliedIn = (c: Candidate) => c.given.filter((i) => couponIn(c, i).applied);
  const keptEntered = appliedIn(best).filter((i) => !rules[i].automatic);
  const keptAutomatic = appliedIn(best).filter((i) => rules[i].automatic);

  const coupons = rules.map((rule, i): Coupon => {
    if (best.given.includes(i)) return couponIn(best, i);
    const own = couponIn(rule.automatic ? none : alone.get(i)!, i);
    if (!own.applied) return own; // it would not apply on its own: its own answer says why
    const replacedBy = rule.automatic
      ? keptEntered
      : [...keptEntered.filter((k) => !allowedTogether([rule, rules[k]])), ...(rule.with_automatic ? [] : keptAutomatic)];
    const lost = { ...own, applied: false, vat_amount: 0, vat_rate: 0, all_affected_items: [] };
    // Compatible with everything kept yet not part of the best combination: it added nothing.
    if (replacedBy.length === 0) return { ...lost, reason: null, replaced_by: [] };
    return { ...lost, reason: 'not_combinable', replaced_by: replacedBy.map((k) => rules[k].code).sort(cmp) };
  });
  return { lineDiscounts: best.run.lineDiscounts, coupons };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Saves more; on a tie, fewer entered codes; then the alphabetically first codes. */
function better(c: Candidate, than: Candidate): boolean {
  if (c.saving !== than.saving) return c.saving > than.saving;
  if (c.entered.length !== than.entered.length) return c.entered.length < than.entered.length;
  return c.key < than.key;
}
