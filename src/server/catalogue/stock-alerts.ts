/**
 * Back-in-stock requests (docs/product/parts-finder.md#back-in-stock): a shopper asks on a product page to be told
 * when the product can be ordered again. Double opt-in: the request waits for the link in the confirmation mail;
 * only confirmed requests are notified, each exactly once across every node — a node claims the request with a
 * conditional UPDATE and writes its mail (dedupe key `stock_alert:<id>`) in the same transaction. Ending a request
 * (notified or unsubscribed) erases its address, as the consent sentence promises.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import {
  canOrderNow,
  confirmOutcome,
  nextSlotStart,
  notificationSlots,
  offersStockAlert,
  STOCK_ALERT_CONSENT_VERSION,
  UNAVAILABLE_STATUSES,
} from '#lib/catalogue/back-in-stock.ts';
import { stockAlertConfirmMail, stockAlertMail } from '#lib/mail/stock-alert-mails.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { isOpaqueToken, newOpaqueToken, tokenHash } from '#server/security/token-hash.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('stock-alerts');

/** Query parameters of the links in the mails (not `token`: that one signs in on every page, docs/product/routes.md). */
export const CONFIRM_PARAM = 'confirm';
export const STOP_PARAM = 'stop';
/** Requests notified in one pass at most: a bigger burst is worked off over the next passes. */
export const NOTIFY_BATCH = 500;

export const stockAlertMailsPerMinute = (env: Record<string, string | undefined> = process.env): number => {
  const n = Number(env.STOCK_ALERT_MAILS_PER_MINUTE ?? 60);
  return Number.isFinite(n) && n >= 1 ? n : 60;
};

const origin = (locale: LocaleCode) => siteSettings().origins[locale];
export const stockAlertLink = (locale: LocaleCode, param: string, token: string) =>
  `${pathFor('back-in-stock', locale)}?${param}=${encodeURIComponent(token)}`;

interface ProductHere {
  id: number;
  name: string;
  slug: string;
  orderable: boolean;
  notifyable: boolean;
  stock_status: string;
}

/** The product as the storefront sells it (name and slug in its language), or undefined when it does not. */
async function productHere(db: Db, locale: LocaleCode, productId: number): Promise<ProductHere | undefined> {
  const r = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale))
    .where('p.id', '=', productId)
    .select(['p.id', 't.name', 't.slug', 'p.orderable', 'p.notifyable', 'p.stock_status'])
    .executeTakeFirst();
  return r && { ...r, orderable: !!r.orderable, notifyable: !!r.notifyable };
}

export type StockAlertRequestOutcome =
  /** A confirmation mail is on its way (also for an address that already waits: the answer says nothing about it). */
  | { kind: 'sent'; product: string }
  /** The product is unknown here, or offers no alert now (orderable again, or not notifyable). */
  | { kind: 'not_offered' };

/**
 * Records a request and queues its confirmation mail. A pending request of the same address is given a new link
 * (the old one stops working); a confirmed one changes nothing — either way the same answer.
 */
export async function requestStockAlert(
  db: Db,
  r: { locale: LocaleCode; productId: number; email: string; consentText: string },
  now = new Date(),
): Promise<StockAlertRequestOutcome> {
  const product = await productHere(db, r.locale, r.productId);
  if (!product || !offersStockAlert(product)) return { kind: 'not_offered' };
  const email = r.email.trim().toLowerCase();
  const confirmToken = newOpaqueToken();
  const at = now.toISOString();
  const send = async (id: string, unsubscribeToken: string) => {
    const hash = tokenHash(confirmToken);
    const mail = stockAlertConfirmMail(r.locale, {
      product: product.name,
      confirmUrl: origin(r.locale) + stockAlertLink(r.locale, CONFIRM_PARAM, confirmToken),
      stopUrl: origin(r.locale) + stockAlertLink(r.locale, STOP_PARAM, unsubscribeToken),
    });
    await enqueueMail(db, {
      ...mail,
      kind: 'stock_alert_confirm',
      locale: r.locale,
      to: email,
      dedupeKey: `stock_alert_confirm:${id}:${hash.slice(0, 16)}`,
    });
  };
  const existing = await db
    .selectFrom('stock_alerts')
    .select(['id', 'confirmed_at', 'unsubscribe_token'])
    .where('product_id', '=', product.id)
    .where('locale', '=', r.locale)
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) {
    if (existing.confirmed_at) return { kind: 'sent', product: product.name };
    const renewed = await db
      .updateTable('stock_alerts')
      .set({
        confirm_token_hash: tokenHash(confirmToken),
        consent_text: r.consentText,
        consent_version: STOCK_ALERT_CONSENT_VERSION,
        consented_at: at,
      })
      .where('id', '=', existing.id)
      .where('confirmed_at', 'is', null)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 1) await send(existing.id, existing.unsubscribe_token);
    return { kind: 'sent', product: product.name };
  }
  const id = randomUUID();
  const unsubscribeToken = newOpaqueToken();
  await db
    .insertInto('stock_alerts')
    .values({
      id,
      product_id: product.id,
      locale: r.locale,
      email,
      confirm_token_hash: tokenHash(confirmToken),
      consent_text: r.consentText,
      consent_version: STOCK_ALERT_CONSENT_VERSION,
      consented_at: at,
      created_at: at,
      confirmed_at: null,
      notified_at: null,
      ended_at: null,
      ended_reason: null,
      unsubscribe_token: unsubscribeToken,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // a twin request of the same moment may have won: then its mail is the one
  const mine = await db.selectFrom('stock_alerts').select('id').where('id', '=', id).executeTakeFirst();
  if (mine) await send(id, unsubscribeToken);
  return { kind: 'sent', product: product.name };
}

export type StockAlertLinkOutcome =
  | { kind: 'confirmed' | 'already_confirmed' | 'ended' | 'unsubscribed'; product: string | null; productUrl: string | null }
  | { kind: 'invalid' };

async function productLink(db: Db, locale: LocaleCode, productId: number) {
  const p = await productHere(db, locale, productId);
  return { product: p?.name ?? null, productUrl: p ? pathFor('product', locale, { slug: p.slug }) : null };
}

/** The link of the confirmation mail: a pending request of this storefront becomes confirmed. */
export async function confirmStockAlert(db: Db, locale: LocaleCode, token: string, now = new Date()): Promise<StockAlertLinkOutcome> {
  if (!isOpaqueToken(token)) return { kind: 'invalid' };
  const row = await db
    .selectFrom('stock_alerts')
    .select(['id', 'product_id', 'confirmed_at', 'ended_at'])
    .where('confirm_token_hash', '=', tokenHash(token))
    .where('locale', '=', locale)
    .executeTakeFirst();
  if (!row) return { kind: 'invalid' };
  let outcome = confirmOutcome(row);
  if (outcome === 'confirmed') {
    const r = await db
      .updateTable('stock_alerts')
      .set({ confirmed_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('confirmed_at', 'is', null)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) outcome = 'already_confirmed';
    // in stock again while the mail was unread: the poll only looks when stock changes, so tell them now
    else await notifyOrderable(db, { productIds: [row.product_id], now });
  }
  return { kind: outcome, ...(await productLink(db, locale, row.product_id)) };
}

/**
 * A request whose confirmation link was not opened within this many days ends and its address is erased: an
 * unconfirmed address has no consent to keep (docs/product/parts-finder.md#back-in-stock).
 */
export const UNCONFIRMED_KEPT_DAYS = 7;

/** Ends the requests left unconfirmed past UNCONFIRMED_KEPT_DAYS, erasing their addresses; answers how many. */
export async function expireUnconfirmed(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEPT_DAYS * 86_400_000).toISOString();
  const r = await db
    .updateTable('stock_alerts')
    .set({ ended_at: now.toISOString(), ended_reason: 'unconfirmed', email: null })
    .where('confirmed_at', 'is', null)
    .where('ended_at', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The link in both mails (and their List-Unsubscribe): the request ends and its address is erased. */
export async function endStockAlert(db: Db, locale: LocaleCode, token: string, now = new Date()): Promise<StockAlertLinkOutcome> {
  if (!isOpaqueToken(token)) return { kind: 'invalid' };
  const row = await db
    .selectFrom('stock_alerts')
    .select(['id', 'product_id', 'ended_at'])
    .where('unsubscribe_token', '=', token)
    .where('locale', '=', locale)
    .executeTakeFirst();
  if (!row) return { kind: 'invalid' };
  if (!row.ended_at)
    await db
      .updateTable('stock_alerts')
      .set({ ended_at: now.toISOString(), ended_reason: 'unsubscribed', email: null })
      .where('id', '=', row.id)
      .where('ended_at', 'is', null)
      .execute();
  return { kind: row.ended_at ? 'ended' : 'unsubscribed', ...(await productLink(db, locale, row.product_id)) };
}

/** Whether the token names a request of this storefront (the pages show their button only then). */
export async function stockAlertTokenKnown(db: Db, locale: LocaleCode, param: typeof CONFIRM_PARAM | typeof STOP_PARAM, token: string) {
  if (!isOpaqueToken(token)) return false;
  const q = db.selectFrom('stock_alerts').select('id').where('locale', '=', locale);
  const row = await (
    param === CONFIRM_PARAM ? q.where('confirm_token_hash', '=', tokenHash(token)) : q.where('unsubscribe_token', '=', token)
  ).executeTakeFirst();
  return !!row;
}

export interface NotifyReport {
  notified: number;
  /** Requests another node claimed first. */
  skipped: number;
}

/**
 * Sends the one notification of every confirmed, not-ended request whose product can be ordered now (of
 * `productIds`, or of every product). Exactly once across nodes: the claim (ended_at set where it is still null)
 * and the mail are one transaction; the outbox's dedupe key `stock_alert:<id>` guards the mail besides. The mails
 * are spread at most STOCK_ALERT_MAILS_PER_MINUTE a minute through the outbox's next_attempt_at.
 */
export async function notifyOrderable(
  db: Db,
  opts: { productIds?: readonly number[]; now?: Date; perMinute?: number; smtp?: boolean } = {},
): Promise<NotifyReport> {
  const now = opts.now ?? new Date();
  const perMinute = opts.perMinute ?? stockAlertMailsPerMinute();
  const report: NotifyReport = { notified: 0, skipped: 0 };
  if (opts.productIds && opts.productIds.length === 0) return report;
  let q = db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').onRef('t.locale', '=', 'a.locale'))
    .where('a.ended_at', 'is', null)
    .where('a.confirmed_at', 'is not', null)
    .where('a.email', 'is not', null)
    .where('p.orderable', '=', 1)
    .where('p.stock_status', 'not in', [...UNAVAILABLE_STATUSES])
    .select(['a.id', 'a.locale', 'a.email', 'a.unsubscribe_token', 'p.orderable', 'p.stock_status', 't.name', 't.slug'])
    .orderBy('a.confirmed_at')
    .orderBy('a.id')
    .limit(NOTIFY_BATCH);
  if (opts.productIds) q = q.where('a.product_id', 'in', [...opts.productIds]);
  const due = (await q.execute()).filter((r) => canOrderNow({ orderable: !!r.orderable, stock_status: r.stock_status }));
  if (due.length === 0) return report;
  const last = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max('next_attempt_at').as('at'))
    .where('kind', '=', 'stock_alert')
    .executeTakeFirst();
  const slots = notificationSlots(nextSlotStart(now, last?.at ? new Date(last.at) : null, perMinute), due.length, perMinute);
  for (const [k, r] of due.entries()) {
    const locale = r.locale as LocaleCode;
    const claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('stock_alerts')
        .set({ ended_at: now.toISOString(), notified_at: now.toISOString(), ended_reason: 'notified', email: null })
        .where('id', '=', r.id)
        .where('ended_at', 'is', null)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const mail = stockAlertMail(locale, {
        product: r.name,
        productUrl: origin(locale) + pathFor('product', locale, { slug: r.slug }),
        stopUrl: origin(locale) + stockAlertLink(locale, STOP_PARAM, r.unsubscribe_token),
      });
      await enqueueMail(
        trx,
        { ...mail, kind: 'stock_alert', locale, to: r.email!, dedupeKey: `stock_alert:${r.id}` },
        { now, notBefore: slots[k], smtp: opts.smtp },
      );
      return true;
    });
    if (claimed) report.notified += 1;
    else report.skipped += 1;
  }
  if (report.notified) log.info({ notified: report.notified, skipped: report.skipped }, `${report.notified} back-in-stock mail(s) queued`);
  return report;
}

export interface WaitingCount {
  productId: number;
  sku: string;
  name: string;
  /** Confirmed requests not ended yet. */
  waiting: number;
  /** Requests whose confirmation link was not used yet. */
  pending: number;
}

/** Waiting (confirmed) and pending requests per product, most waiting first — for staff (back office, CLI). */
export async function stockAlertCounts(
  db: Db,
  opts: { productIds?: readonly number[]; nameLocale?: LocaleCode } = {},
): Promise<WaitingCount[]> {
  let q = db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .leftJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', opts.nameLocale ?? 'sv'))
    .where('a.ended_at', 'is', null)
    .select((eb) => [
      'p.id',
      'p.sku',
      't.name',
      eb.fn.sum<number>(eb.case().when('a.confirmed_at', 'is not', null).then(1).else(0).end()).as('waiting'),
      eb.fn.sum<number>(eb.case().when('a.confirmed_at', 'is', null).then(1).else(0).end()).as('pending'),
    ])
    .groupBy(['p.id', 'p.sku', 't.name']);
  if (opts.productIds) {
    if (opts.productIds.length === 0) return [];
    q = q.where('p.id', 'in', [...opts.productIds]);
  }
  const rows = await q.execute();
  return rows
    .map((r) => ({ productId: Number(r.id), sku: r.sku, name: r.name ?? r.sku, waiting: Number(r.waiting), pending: Number(r.pending) }))
    .sort((a, b) => b.waiting - a.waiting || b.pending - a.pending || a.productId - b.productId);
}
