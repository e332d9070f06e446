/**
 * The back office's quotes (orders.read to see, orders.act to answer; docs/product/back-office.md#quotes): the list by
 * shown state (open, answered, accepted, ordered, declined, expired), and a quote's page where staff set a unit price
 * per line (incl. VAT), a last day and a text, or decline. Every answer is audited with the state before and after
 * and redirected (303); the buyer is e-mailed by the quotes service.
 */
import { getDb } from '#server/db/connection.ts';
import { customerById } from '#server/auth/account-service.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { answerQuote, declineQuote } from '#server/quotes/quote-answers.ts';
import { readQuote, staffQuotes, type Quote } from '#server/quotes/quote-store.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { QUOTE_SHOWN_STATUSES, shownStatus, type QuoteShownStatus } from '#lib/quotes/quote-rules.ts';
import { QUOTE_ID, staffQuoteFormSchema } from '#lib/quotes/quote-forms.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { can } from '#lib/staff/permissions.ts';
import { seeOther, type PageAnswer } from './page-answer.ts';

export interface QuoteRow {
  quote: Quote;
  shown: QuoteShownStatus;
}

export interface QuotesListView {
  access: StaffAccess;
  rows: QuoteRow[];
  /** The shown state filtered on; null: all. */
  status: QuoteShownStatus | null;
}

export async function quotesListPage(ctx: StaffRequest): Promise<PageAnswer<QuotesListView>> {
  const access = await requireStaff(ctx, 'orders.read');
  if (access instanceof Response) return { kind: 'answer', response: access };
  const asked = ctx.url.searchParams.get('status');
  const status = QUOTE_SHOWN_STATUSES.find((s) => s === asked) ?? null;
  const now = new Date();
  const rows = (await staffQuotes(getDb()))
    .map((quote) => ({ quote, shown: shownStatus(quote, now) }))
    .filter((r) => status === null || r.shown === status);
  return { kind: 'view', view: { access, rows, status }, status: asked && !status ? 400 : 200 };
}

export interface QuotePageView {
  access: StaffAccess;
  quote: Quote | undefined;
  shown: QuoteShownStatus | null;
  buyer: { email: string; name: string } | null;
  mayAnswer: boolean;
  notice?: BoKey;
  error?: BoKey;
}

const ERRORS: Record<string, BoKey> = {
  price: 'quotes.bad_price',
  valid_until: 'quotes.bad_valid_until',
  invalid_transition: 'quotes.refused_state',
  not_found: 'quotes.not_found',
};

export async function quotePage(ctx: StaffRequest, id: string): Promise<PageAnswer<QuotePageView>> {
  const db = getDb();
  const view = async (access: StaffAccess, extra: Partial<QuotePageView> = {}, status = 200): Promise<PageAnswer<QuotePageView>> => {
    const quote = QUOTE_ID.test(id) ? await readQuote(db, id) : undefined;
    const customer = quote && (await customerById(db, quote.customerId));
    const shown = quote ? shownStatus(quote, new Date()) : null;
    return {
      kind: 'view',
      view: {
        access,
        quote,
        shown,
        buyer: customer ? { email: customer.email, name: customer.name ?? '' } : null,
        mayAnswer: can(access.staff.role, 'orders.act') && (shown === 'open' || shown === 'answered'),
        ...extra,
      },
      status: quote ? status : 404,
    };
  };
  if (ctx.request.method !== 'POST') {
    const access = await requireStaff(ctx, 'orders.read');
    if (access instanceof Response) return { kind: 'answer', response: access };
    const done = ctx.url.searchParams.get('done');
    return view(access, done === 'answer' || done === 'decline' ? { notice: `quotes.done_${done}` } : {});
  }
  const post = await requireStaffPost(ctx, 'orders.act');
  if (post instanceof Response) return { kind: 'answer', response: post };
  const { form, ...access } = post;
  const fields = {
    action: form.get('action'),
    price: form.getAll('price').filter((v) => typeof v === 'string'),
    valid_until: form.get('valid_until') ?? '',
    answer_text: form.get('answer_text') ?? '',
  };
  const parsed = staffQuoteFormSchema.safeParse(fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    return view(access, { error: ERRORS[field] ?? 'quotes.bad_input' }, 400);
  }
  const f = parsed.data;
  try {
    const text = f.answer_text || null;
    const { before, after } =
      f.action === 'answer'
        ? await answerQuote(db, id, access.staff.email, { prices: f.price, validUntil: f.valid_until, answerText: text })
        : await declineQuote(db, id, access.staff.email, text);
    await recordStaffAction(db, {
      staff: access.staff,
      action: `quotes.${f.action}`,
      subject: { type: 'quote', id },
      before: { status: before.status, quotedTotalMinor: before.quotedTotalMinor, validUntil: before.validUntil },
      after: {
        status: after.status,
        quotedTotalMinor: after.quotedTotalMinor,
        validUntil: after.validUntil,
        prices: after.lines.map((l) => l.quoted_unit_minor),
      },
      ip: staffIpOf(ctx),
    });
    return seeOther(`/quotes/${encodeURIComponent(id)}?done=${f.action}`);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return view(access, { error: ERRORS[err.field ?? ''] ?? ERRORS[err.code] ?? 'quotes.bad_input' }, err.status);
  }
}
