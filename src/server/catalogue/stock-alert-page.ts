/**
 * What the back-in-stock page answers (route back-in-stock, docs/product/parts-finder.md#back-in-stock):
 * - POST without a link parameter: the product page's form (product_id, email) — rate-limited per IP and per
 *   address, validated, then a confirmation mail; the answer is this page in the storefront's language, or JSON
 *   when the form's script asks for it (Accept: application/json).
 * - `?confirm=<token>`: GET shows one button, its POST confirms (link scanners follow GETs and must not confirm
 *   for anyone, as on the newsletter's unsubscribe page).
 * - `?stop=<token>`: GET shows one button, its POST — or a mail provider's RFC 8058 one-click POST — ends the request.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { stockAlertFormSchema } from '#lib/catalogue/back-in-stock.ts';
import { clientIp, createRateLimiter } from '#server/http/rate-limit.ts';
import {
  CONFIRM_PARAM,
  confirmStockAlert,
  endStockAlert,
  requestStockAlert,
  STOP_PARAM,
  stockAlertLink,
  stockAlertTokenKnown,
} from './stock-alerts.ts';

const HOUR_MS = 3_600_000;
/** Per address: a handful of products an hour is plenty, and caps mails to someone else's address. */
export const STOCK_ALERT_EMAIL_LIMIT = 5;
const ipLimiter = (db: Db) =>
  createRateLimiter({ bucket: 'stock-alert:ip', limit: Number(process.env.STOCK_ALERT_RATE_LIMIT ?? 20), windowMs: HOUR_MS, db: () => db });
const emailLimiter = (db: Db) =>
  createRateLimiter({ bucket: 'stock-alert:email', limit: STOCK_ALERT_EMAIL_LIMIT, windowMs: HOUR_MS, db: () => db });

export type StockAlertProblem = 'invalid_email' | 'not_offered' | 'rate_limited' | 'forbidden';

export type StockAlertPage =
  | { kind: 'sent'; status: 200; product: string }
  | { kind: 'problem'; status: 400 | 403 | 409 | 429; problem: StockAlertProblem; retryAfterSeconds?: number; productId?: number }
  /** The button of a link: `action` is this URL (token included). */
  | { kind: 'ask'; status: 200; link: 'confirm' | 'stop'; action: string }
  | {
      kind: 'done';
      status: 200;
      outcome: 'confirmed' | 'already_confirmed' | 'ended' | 'unsubscribed';
      product: string | null;
      productUrl: string | null;
    }
  | { kind: 'invalid_link'; status: 400 }
  | { kind: 'not_found'; status: 404 };

/** The consent sentence as the shopper saw it (recorded with the request). */
export const consentSentence = (locale: LocaleCode) => translator(locale)('back_in_stock.consent');

const ONE_CLICK = 'One-Click';
async function isOneClick(request: Request): Promise<boolean> {
  const body = await request.text().catch(() => '');
  return new URLSearchParams(body.slice(0, 2000)).get('List-Unsubscribe') === ONE_CLICK;
}

export async function stockAlertPage(
  db: Db,
  r: { locale: LocaleCode; request: Request; url: URL; clientAddress: () => string | undefined; sameOrigin: boolean },
): Promise<StockAlertPage> {
  const post = r.request.method === 'POST';
  const confirm = r.url.searchParams.get(CONFIRM_PARAM);
  const stop = r.url.searchParams.get(STOP_PARAM);
  if (confirm !== null || stop !== null) {
    const [param, token] = confirm !== null ? ([CONFIRM_PARAM, confirm] as const) : ([STOP_PARAM, stop!] as const);
    if (!post) {
      if (!(await stockAlertTokenKnown(db, r.locale, param, token))) return { kind: 'invalid_link', status: 400 };
      return { kind: 'ask', status: 200, link: param, action: stockAlertLink(r.locale, param, token) };
    }
    // the page's own button (same origin), or for `stop` a mail provider's one-click POST (no Origin)
    if (!r.sameOrigin && !(param === STOP_PARAM && (await isOneClick(r.request))))
      return { kind: 'problem', status: 403, problem: 'forbidden' };
    const outcome = param === CONFIRM_PARAM ? await confirmStockAlert(db, r.locale, token) : await endStockAlert(db, r.locale, token);
    if (outcome.kind === 'invalid') return { kind: 'invalid_link', status: 400 };
    return { kind: 'done', status: 200, outcome: outcome.kind, product: outcome.product, productUrl: outcome.productUrl };
  }
  if (!post) return { kind: 'not_found', status: 404 };
  if (!r.sameOrigin) return { kind: 'problem', status: 403, problem: 'forbidden' };
  const form = await r.request.formData().catch(() => null);
  const typed = { product_id: String(form?.get('product_id') ?? ''), email: String(form?.get('email') ?? '').slice(0, 300) };
  const byIp = await ipLimiter(db).hit(clientIp(r.request.headers, r.clientAddress));
  if (!byIp.allowed) return { kind: 'problem', status: 429, problem: 'rate_limited', retryAfterSeconds: byIp.retryAfterSeconds };
  const fields = stockAlertFormSchema.safeParse(typed);
  const productId = /^\d{1,10}$/.test(typed.product_id) ? Number(typed.product_id) : undefined;
  if (!fields.success) return { kind: 'problem', status: 400, problem: 'invalid_email', productId };
  const byEmail = await emailLimiter(db).hit(fields.data.email.toLowerCase());
  if (!byEmail.allowed) return { kind: 'problem', status: 429, problem: 'rate_limited', retryAfterSeconds: byEmail.retryAfterSeconds };
  const outcome = await requestStockAlert(db, {
    locale: r.locale,
    productId: fields.data.product_id,
    email: fields.data.email,
    consentText: consentSentence(r.locale),
  });
  if (outcome.kind === 'not_offered') return { kind: 'problem', status: 409, problem: 'not_offered', productId };
  return { kind: 'sent', status: 200, product: outcome.product };
}

/** The JSON answer of the enhanced form (docs/product/api.md error shape). */
export function stockAlertJson(
  page: StockAlertPage,
  locale: LocaleCode,
): { status: number; body: unknown; headers: Record<string, string> } {
  const t = translator(locale);
  if (page.kind === 'sent')
    return { status: 200, body: { status: 'sent', message: t('back_in_stock.sent', { product: page.product }) }, headers: {} };
  if (page.kind !== 'problem') return { status: page.status, body: { error: { code: 'not_found', message: 'not found' } }, headers: {} };
  const code = { invalid_email: 'invalid_request', not_offered: 'conflict', rate_limited: 'rate_limited', forbidden: 'forbidden' }[
    page.problem
  ];
  return {
    status: page.status,
    body: { error: { code, message: t(`back_in_stock.${page.problem}`), ...(page.problem === 'invalid_email' ? { field: 'email' } : {}) } },
    headers: page.retryAfterSeconds ? { 'retry-after': String(page.retryAfterSeconds) } : {},
  };
}
