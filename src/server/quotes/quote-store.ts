/**
 * Quote rows (migration 0042, docs/product/quotes.md): written and read only here. Who may see or change a quote is
 * decided by the callers' actors (src/server/checkout/quote-requests.ts for buyers, the back office for staff);
 * every state change is a compare-and-set on the state it was read in, so two clicks never both count.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { QuotesTable } from '#server/db/quote-tables.ts';
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { isQuoteStatus, type QuoteLine, type QuoteStatus } from '#lib/quotes/quote-rules.ts';

export interface Quote {
  id: string;
  locale: LocaleCode;
  customerId: number;
  companyId: string | null;
  status: QuoteStatus;
  lines: QuoteLine[];
  comment: string;
  answerText: string | null;
  validUntil: string | null;
  askedTotalMinor: number;
  quotedTotalMinor: number | null;
  answeredBy: string | null;
  checkoutId: string | null;
  orderId: string | null;
  createdAt: string;
  answeredAt: string | null;
  acceptedAt: string | null;
}

/** 96 random bits: not guessable, though every read checks the reader anyway. */
export const newQuoteId = (): string => `Q-${randomBytes(12).toString('base64url')}`;

function quoteOf(r: QuotesTable): Quote {
  if (!isLocaleCode(r.locale) || !isQuoteStatus(r.status)) throw new Error(`quote ${r.id} is malformed`);
  return {
    id: r.id,
    locale: r.locale,
    customerId: Number(r.customer_id),
    companyId: r.company_id,
    status: r.status,
    lines: JSON.parse(r.lines) as QuoteLine[],
    comment: r.comment,
    answerText: r.answer_text,
    validUntil: r.valid_until,
    askedTotalMinor: Number(r.asked_total_minor),
    quotedTotalMinor: r.quoted_total_minor === null ? null : Number(r.quoted_total_minor),
    answeredBy: r.answered_by,
    checkoutId: r.checkout_id,
    orderId: r.order_id,
    createdAt: r.created_at,
    answeredAt: r.answered_at,
    acceptedAt: r.accepted_at,
  };
}

export interface NewQuote {
  locale: LocaleCode;
  customerId: number;
  companyId: string | null;
  lines: QuoteLine[];
  comment: string;
  askedTotalMinor: number;
}

export async function insertQuote(db: Db, q: NewQuote, now = new Date()): Promise<Quote> {
  const row: QuotesTable = {
    id: newQuoteId(),
    locale: q.locale,
    customer_id: q.customerId,
    company_id: q.companyId,
    status: 'open',
    lines: JSON.stringify(q.lines),
    comment: q.comment,
    answer_text: null,
    valid_until: null,
    asked_total_minor: q.askedTotalMinor,
    quoted_total_minor: null,
    answered_by: null,
    checkout_id: null,
    order_id: null,
    created_at: now.toISOString(),
    answered_at: null,
    accepted_at: null,
  };
  await db.insertInto('quotes').values(row).execute();
  return quoteOf(row);
}

export async function readQuote(db: Db, id: string): Promise<Quote | undefined> {
  const row = await db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? quoteOf(row) : undefined;
}

/** A buyer's list: their company's quotes (a member), or their own (no company); newest first. */
export async function quotesOf(db: Db, owner: { customerId: number; companyId: string | null }, limit = 100): Promise<Quote[]> {
  let q = db.selectFrom('quotes').selectAll();
  q = owner.companyId
    ? q.where('company_id', '=', owner.companyId)
    : q.where('customer_id', '=', owner.customerId).where('company_id', 'is', null);
  const rows = await q.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(quoteOf);
}

/** The back office's list, newest first, optionally of some stored states. */
export async function staffQuotes(db: Db, statuses: readonly QuoteStatus[] = [], limit = 200): Promise<Quote[]> {
  let q = db.selectFrom('quotes').selectAll();
  if (statuses.length > 0) q = q.where('status', 'in', statuses);
  const rows = await q.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(quoteOf);
}

const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) > 0;

/** open → answered (or an answered one answered again, before it is accepted). */
export async function recordAnswer(
  db: Db,
  id: string,
  a: { lines: QuoteLine[]; totalMinor: number; answerText: string | null; validUntil: string; staffEmail: string },
  now = new Date(),
): Promise<boolean> {
  const r = await db
    .updateTable('quotes')
    .set({
      status: 'answered',
      lines: JSON.stringify(a.lines),
      quoted_total_minor: a.totalMinor,
      answer_text: a.answerText,
      valid_until: a.validUntil,
      answered_by: a.staffEmail,
      answered_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'answered'])
    .executeTakeFirst();
  return changed(r);
}

/** open or answered → declined. */
export async function recordDecline(
  db: Db,
  id: string,
  a: { answerText: string | null; staffEmail: string },
  now = new Date(),
): Promise<boolean> {
  const r = await db
    .updateTable('quotes')
    .set({ status: 'declined', answer_text: a.answerText, answered_by: a.staffEmail, answered_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'answered'])
    .executeTakeFirst();
  return changed(r);
}

/** answered → accepted into one checkout. */
export async function recordAcceptance(db: Db, id: string, checkoutId: string, now = new Date()): Promise<boolean> {
  const r = await db
    .updateTable('quotes')
    .set({ status: 'accepted', checkout_id: checkoutId, accepted_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'answered')
    .executeTakeFirst();
  return changed(r);
}

/** accepted → ordered, by the completion that made the order (inside its transaction): once per quote. */
export async function recordOrdered(db: Db, id: string, checkoutId: string, orderNumber: string): Promise<boolean> {
  const r = await db
    .updateTable('quotes')
    .set({ status: 'ordered', order_id: orderNumber })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst();
  return changed(r);
}
