/**
 * The back office's order list filter (docs/product/back-office-data.md#order-list-filter): URL search params →
 * a checked filter (with one message per bad parameter, for the page to show), and back (for paging and CSV links).
 */
import { z } from 'zod';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import type { OrderState } from '#lib/orders/order-states.ts';
import { STOREFRONT_TIME_ZONES } from '#lib/checkout/order-dates.ts';
import { HOME_TIME_ZONE, localMidnightUtc, nextDate } from './dashboard-day.ts';

export const ORDER_STATES: readonly OrderState[] = [
  'pending_payment',
  'placed',
  'invoiced',
  'paid',
  'picked',
  'shipped',
  'delivered',
  'cancelled',
];
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** The deepest page a link may ask for: offset paging past it costs more than a narrower filter. */
export const MAX_PAGE = 10_000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const id = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only');
const date = z.string().trim().refine(isRealDate, 'a date as YYYY-MM-DD');
const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `at least ${min}`).max(max, `at most ${max}`))
    .optional()
    .transform((n) => n ?? fallback);

const paramsSchema = z
  .object({
    storefront: z.array(z.enum(LOCALE_CODES, 'one of ' + LOCALE_CODES.join(', '))).max(LOCALE_CODES.length),
    state: z.array(z.enum(ORDER_STATES as [OrderState, ...OrderState[]], 'one of ' + ORDER_STATES.join(', '))).max(ORDER_STATES.length),
    payment: id(32).optional(),
    shipping: id(64).optional(),
    from: date.optional(),
    to: date.optional(),
    q: z.string().trim().max(200, 'at most 200 characters').optional(),
    page: int(1, MAX_PAGE, 1),
    size: int(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'on or after the from date' });

export interface OrderFilter {
  storefronts: LocaleCode[];
  states: OrderState[];
  payment?: string;
  shipping?: string;
  /** Inclusive calendar dates, read in `timeZone`. */
  from?: string;
  to?: string;
  q?: string;
  page: number;
  size: number;
}

export interface FilterProblem {
  param: string;
  message: string;
}

export type OrderFilterResult = { ok: true; filter: OrderFilter } | { ok: false; problems: FilterProblem[] };

const LIST_PARAMS = ['storefront', 'state'] as const;
const ONE_PARAMS = ['payment', 'shipping', 'from', 'to', 'q', 'page', 'size'] as const;

/** Reads the list page's search params; an empty value counts as absent (a form's untouched field). */
export function parseOrderFilter(params: URLSearchParams): OrderFilterResult {
  const raw: Record<string, unknown> = {};
  for (const key of LIST_PARAMS) raw[key] = [...new Set(params.getAll(key).filter((v) => v.trim() !== ''))];
  for (const key of ONE_PARAMS) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') raw[key] = value;
  }
  const parsed = paramsSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ param: String(i.path[0] ?? ''), message: i.message })),
    };
  }
  const f = parsed.data;
  const filter: OrderFilter = { storefronts: f.storefront, states: f.state, page: f.page, size: f.size };
  if (f.payment) filter.payment = f.payment;
  if (f.shipping) filter.shipping = f.shipping;
  if (f.from) filter.from = f.from;
  if (f.to) filter.to = f.to;
  if (f.q) filter.q = f.q;
  return { ok: true, filter };
}

/** The filter as search params (defaults left out), for paging links (`page` overrides) and the CSV link. */
export function orderFilterParams(filter: OrderFilter, overrides: { page?: number } = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const s of filter.storefronts) params.append('storefront', s);
  for (const s of filter.states) params.append('state', s);
  if (filter.payment) params.set('payment', filter.payment);
  if (filter.shipping) params.set('shipping', filter.shipping);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.q) params.set('q', filter.q);
  const page = overrides.page ?? filter.page;
  if (page !== 1) params.set('page', String(page));
  if (filter.size !== DEFAULT_PAGE_SIZE) params.set('size', String(filter.size));
  return params;
}

/** The zone the filter's dates are read in: the one storefront's when it names exactly one, else the shop's home. */
export function filterTimeZone(filter: Pick<OrderFilter, 'storefronts'>): string {
  const [only] = filter.storefronts;
  return filter.storefronts.length === 1 && only ? STOREFRONT_TIME_ZONES[only] : HOME_TIME_ZONE;
}

/** The filter's date range as UTC instants [from, to): `to` is the midnight after the last day. */
export function filterInstants(filter: OrderFilter): { from?: string; to?: string } {
  const zone = filterTimeZone(filter);
  return {
    ...(filter.from ? { from: localMidnightUtc(filter.from, zone).toISOString() } : {}),
    ...(filter.to ? { to: localMidnightUtc(nextDate(filter.to), zone).toISOString() } : {}),
  };
}

/**
 * What a search text can match (docs/product/back-office-data.md#search-text). Seven or more digits can only be
 * an order number, and text with an @ only an e-mail: those two look up one index each; anything else is read
 * as a part of a name or a postal code (which reads the order snapshots of the other filters' rows).
 */
export interface OrderSearch {
  /** The order number, exactly (spaces, dashes and a leading # ignored). */
  number: string | null;
  /** The e-mail, compared case-insensitively. */
  email: string | null;
  /** A part of the customer's name, lower-case. */
  name: string | null;
  /** The postal code without spaces, upper-case. */
  postalCode: string | null;
}

export function orderSearch(q: string): OrderSearch {
  const text = q.trim();
  const digits = text.replace(/^#/, '').replace(/[\s-]/g, '');
  if (/^\d{7,12}$/.test(digits)) return { number: digits, email: null, name: null, postalCode: null };
  if (text.includes('@')) return { number: null, email: text.toLowerCase(), name: null, postalCode: null };
  const postal = normalisePostalCode(text);
  return {
    number: null,
    email: null,
    name: text.toLowerCase().replace(/\s+/g, ' '),
    postalCode: /^[0-9A-Z-]{3,10}$/.test(postal) ? postal : null,
  };
}

/** Postal codes as the search compares them: no spaces, upper-case ("111 22" → "11122", "1234 ab" → "1234AB"). */
export const normalisePostalCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();
