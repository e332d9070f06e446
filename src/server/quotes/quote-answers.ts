/**
 * Staff's answer to a quote (docs/product/quotes.md#answer, back office /quotes/:id): a checked unit price per line, an
 * optional text and a last day, or a decline; the buyer is e-mailed in the storefront's language with the link to the
 * quote. Only an open or answered (not yet accepted) quote is answered; the caller audits.
 */
import type { Db } from '#server/db/connection.ts';
import { InvalidRequestError, InvalidTransitionError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { checkAnswer } from '#lib/quotes/quote-rules.ts';
import { quoteAnswerMail } from '#lib/mail/quote-answer-mail.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { customerById } from '#server/auth/account-service.ts';
import { readQuote, recordAnswer, recordDecline, type Quote } from './quote-store.ts';

export interface StaffAnswer {
  /** One unit price per line, minor units incl. VAT. */
  prices: number[];
  validUntil: string;
  answerText: string | null;
}

async function openQuote(db: Db, id: string): Promise<Quote> {
  const q = await readQuote(db, id);
  if (!q) throw new NotFoundError('no such quote');
  if (q.status !== 'open' && q.status !== 'answered') throw new InvalidTransitionError(`the quote is ${q.status}`);
  return q;
}

async function tellBuyer(db: Db, q: Quote, now: Date): Promise<void> {
  const customer = await customerById(db, q.customerId);
  if (!customer) return;
  const url = `${siteSettings().origins[q.locale]}/my-account/quotes?quote=${encodeURIComponent(q.id)}`;
  const content = quoteAnswerMail(q.locale, {
    declined: q.status === 'declined',
    totalMinor: q.quotedTotalMinor,
    validUntil: q.validUntil,
    answerText: q.answerText,
    url,
  });
  await enqueueMail(db, { ...content, kind: 'quote_answer', locale: q.locale, to: customer.email }, { now });
}

export async function answerQuote(
  db: Db,
  id: string,
  staffEmail: string,
  a: StaffAnswer,
  now = new Date(),
): Promise<{ before: Quote; after: Quote }> {
  const before = await openQuote(db, id);
  const checked = checkAnswer(before.locale, before.lines, a.prices, a.validUntil, now);
  if (!checked.ok)
    throw new InvalidRequestError(checked.field === 'price' ? 'a price is not valid' : 'the last day is not valid', checked.field);
  const stored = await db.transaction().execute(async (trx) => {
    const ok = await recordAnswer(
      trx,
      id,
      { lines: checked.lines, totalMinor: checked.totalMinor, answerText: a.answerText, validUntil: a.validUntil, staffEmail },
      now,
    );
    if (!ok) return undefined;
    const after = (await readQuote(trx, id))!;
    await tellBuyer(trx, after, now);
    return after;
  });
  if (!stored) throw new InvalidTransitionError('the quote changed meanwhile');
  kickMailDelivery(db); // sends now when SMTP is configured, else the outbox row is the delivery
  return { before, after: stored };
}

export async function declineQuote(
  db: Db,
  id: string,
  staffEmail: string,
  answerText: string | null,
  now = new Date(),
): Promise<{ before: Quote; after: Quote }> {
  const before = await openQuote(db, id);
  const stored = await db.transaction().execute(async (trx) => {
    if (!(await recordDecline(trx, id, { answerText, staffEmail }, now))) return undefined;
    const after = (await readQuote(trx, id))!;
    await tellBuyer(trx, after, now);
    return after;
  });
  if (!stored) throw new InvalidTransitionError('the quote changed meanwhile');
  kickMailDelivery(db); // sends now when SMTP is configured, else the outbox row is the delivery
  return { before, after: stored };
}
