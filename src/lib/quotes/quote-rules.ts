/**
 * Quotes' pure rules (docs/product/quotes.md, docs/adr/0036-quotes.md): the lines a quote is asked and answered
 * for, when it is expired (after its last day in the storefront's time zone), whether a checkout's lines are still
 * the quote's, what a staff answer may set, and the checkout's lines at the quoted prices. All money in minor
 * units incl. VAT, as stored prices are.
 */
import type { CartLineInput, CartLineItem } from '#lib/api/cart-contracts.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { localDate, STOREFRONT_TIME_ZONES } from '#lib/market/local-day.ts';

export const QUOTE_STATUSES = ['open', 'answered', 'declined', 'accepted', 'ordered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What lists show: an answered or accepted quote past its last day is expired. */
export type QuoteShownStatus = QuoteStatus | 'expired';
export const QUOTE_SHOWN_STATUSES: readonly QuoteShownStatus[] = [...QUOTE_STATUSES, 'expired'];

export const isQuoteStatus = (v: unknown): v is QuoteStatus => typeof v === 'string' && (QUOTE_STATUSES as readonly string[]).includes(v);

/** Longest comment or answer text kept. */
export const QUOTE_TEXT_MAX = 2000;
/** Most lines one quote may have, and the longest validity staff may give (days from today). */
export const QUOTE_MAX_LINES = 200;
export const QUOTE_MAX_VALID_DAYS = 365;

export interface QuoteLine {
  sku: string;
  name: string;
  quantity: number;
  vat: number;
  /** The server's unit price when the quote was asked for. */
  unit_price_minor: number;
  /** The staff's unit price; null until answered. */
  quoted_unit_minor: number | null;
}

export interface QuoteValidity {
  locale: LocaleCode;
  status: QuoteStatus;
  /** YYYY-MM-DD, the last day it may be ordered. */
  validUntil: string | null;
}

/** Expired: answered (or accepted, not yet ordered) and its last day is over in the storefront's time zone. */
export function isExpired(q: QuoteValidity, now: Date): boolean {
  if (q.status !== 'answered' && q.status !== 'accepted') return false;
  if (!q.validUntil) return true;
  return localDate(now, STOREFRONT_TIME_ZONES[q.locale]) > q.validUntil;
}

export const shownStatus = (q: QuoteValidity, now: Date): QuoteShownStatus => (isExpired(q, now) ? 'expired' : q.status);

/** Why a quote cannot go into (or stay in) a checkout now; null: it can. */
export type QuoteRefusal = 'not_answered' | 'declined' | 'expired' | 'used' | 'changed';

export function acceptRefusal(q: QuoteValidity, now: Date): QuoteRefusal | null {
  if (q.status === 'ordered') return 'used';
  if (q.status === 'declined') return 'declined';
  if (q.status === 'open') return 'not_answered';
  return isExpired(q, now) ? 'expired' : null;
}

/** The checkout's lines as a quote is asked from them: one-off lines with a quantity, the same sku added up. */
export function quoteLineInputs(items: readonly Pick<CartLineInput, 'sku' | 'quantity'>[]): { sku: string; quantity: number }[] {
  const bySku = new Map<string, number>();
  for (const i of items) if (i.quantity > 0) bySku.set(i.sku, (bySku.get(i.sku) ?? 0) + i.quantity);
  return [...bySku].map(([sku, quantity]) => ({ sku, quantity }));
}

/** Whether a checkout's lines are still exactly the quote's (sku and quantity; no subscription, no bundle claim). */
export function sameLines(items: readonly CartLineInput[], lines: readonly Pick<QuoteLine, 'sku' | 'quantity'>[]): boolean {
  if (items.some((i) => i.quantity > 0 && (i.subscription_interval || i.upselling_bundle_id))) return false;
  const key = (l: { sku: string; quantity: number }[]) =>
    l
      .map((x) => `${x.sku}\u0001${x.quantity}`)
      .sort()
      .join('\u0002');
  return key(quoteLineInputs(items)) === key(lines.map((l) => ({ sku: l.sku, quantity: l.quantity })));
}

export const linesTotalMinor = (lines: readonly QuoteLine[], which: 'unit_price_minor' | 'quoted_unit_minor'): number =>
  lines.reduce((s, l) => s + (l[which] ?? 0) * l.quantity, 0);

export type AnswerCheck = { ok: true; lines: QuoteLine[]; totalMinor: number } | { ok: false; field: 'price' | 'valid_until' };

/**
 * A staff answer: a whole, non-negative unit price (minor units incl. VAT) for every line, at most the price asked
 * at (a quote never raises a price), and a last day from today to QUOTE_MAX_VALID_DAYS ahead.
 */
export function checkAnswer(
  locale: LocaleCode,
  lines: readonly QuoteLine[],
  prices: readonly number[],
  validUntil: string,
  now: Date,
): AnswerCheck {
  if (prices.length !== lines.length) return { ok: false, field: 'price' };
  if (prices.some((p, i) => !Number.isInteger(p) || p < 0 || p > lines[i]!.unit_price_minor)) return { ok: false, field: 'price' };
  const today = localDate(now, STOREFRONT_TIME_ZONES[locale]);
  const last = localDate(new Date(now.getTime() + QUOTE_MAX_VALID_DAYS * 86_400_000), STOREFRONT_TIME_ZONES[locale]);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil) || Number.isNaN(Date.parse(validUntil)) || validUntil < today || validUntil > last)
    return { ok: false, field: 'valid_until' };
  const answered = lines.map((l, i) => ({ ...l, quoted_unit_minor: prices[i]! }));
  return { ok: true, lines: answered, totalMinor: linesTotalMinor(answered, 'quoted_unit_minor') };
}

/**
 * The checkout's priced lines at the quote's prices: every line's price is the quoted unit price; nothing else
 * discounts it (docs/adr/0036-quotes.md#discounts). Undefined when a line is missing, cut by stock or unquoted.
 */
export function atQuotedPrices(items: readonly CartLineItem[], lines: readonly QuoteLine[]): CartLineItem[] | undefined {
  const bySku = new Map(lines.map((l) => [l.sku, l]));
  const kept = items.filter((i) => i.quantity > 0);
  const out: CartLineItem[] = [];
  for (const item of kept) {
    const line = bySku.get(item.sku);
    if (!line || line.quoted_unit_minor === null || item.quantity !== line.quantity || item.adjusted_quantity !== null) return undefined;
    out.push({ ...item, price: line.quoted_unit_minor / 100, prior_price: null, campaign: false, cart_notice: null });
  }
  return out.length === lines.length ? out : undefined;
}
