/**
 * The studio's widgets and deals (docs/product/content-studio.md#widgets-and-store-messages, #deals): the layout
 * widgets of every storefront edited in the same editor as pages (a store message shows only when longer than 20
 * characters), and the deal banners with their product, percent and window. Both are drafts of ADR 0014; publishing
 * one starts the rebuild (they are in every page's layout). content.edit; every publish audited.
 */
import { z } from 'zod';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { formText } from '#lib/staff/form-text.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { WIDGET_SLUGS, type WidgetSlug } from '#lib/api/content-contracts.ts';
import { showStoreMessage, textOf } from '#lib/content/widgets.ts';
import { HOME_TIME_ZONE } from '#lib/backoffice/order-filter.ts';
import { localDateTime, localTimeUtc } from '#lib/market/local-day.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { getDb, type Db } from '#server/db/connection.ts';
import { requireStaff, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { pageDraftOf } from '#server/content/studio-drafts.ts';
import { publishDraft, RebuildRunning, type RebuildControl } from '#server/content/publish-content.ts';
import { saveDraft, type DraftRow } from '#server/content/drafts-store.ts';
import { dealFields, dealProduct } from '#server/content/deal-drafts.ts';
import { conflictMessage, contentGuard, previewHrefOf } from './content-studio.ts';
import { answer, seeOther, type PageAnswer } from './page-answer.ts';

type Message = { key: BoKey; values?: Record<string, string> };
const localeSchema = z.enum(LOCALE_CODES);
const isStoreMessage = (slug: string) => slug === 'store-message' || slug === 'store-message-footer';

/** After a publish: the rebuild's outcome as the notice's key. */
const publishedNotice = (outcome: string): string => (outcome === 'incremental' ? 'published' : `published_${outcome}`);

// ---- widgets ---------------------------------------------------------------------------------------------------

export interface WidgetRow {
  locale: LocaleCode;
  slug: WidgetSlug;
  text: string;
  hidden: boolean;
  /** A draft differs from what is published. */
  changed: boolean;
  /** A store message that the 20-character rule (or hidden) keeps off the page. */
  notShown: boolean;
}

export async function widgetRows(db: Db): Promise<WidgetRow[]> {
  const widgets = await db.selectFrom('widgets').selectAll().execute();
  const drafts = await db
    .selectFrom('content_drafts')
    .select(['locale', 'key', 'body_html', 'hidden'])
    .where('kind', '=', 'widget')
    .execute();
  return widgets
    .filter(
      (w): w is typeof w & { locale: LocaleCode; slug: WidgetSlug } =>
        (LOCALE_CODES as readonly string[]).includes(w.locale) && (WIDGET_SLUGS as readonly string[]).includes(w.slug),
    )
    .map((w) => {
      const d = drafts.find((x) => x.locale === w.locale && x.key === w.slug);
      return {
        locale: w.locale,
        slug: w.slug,
        text: textOf(w.content).slice(0, 120),
        hidden: !!w.hidden,
        changed: !!d && (d.body_html !== w.content || d.hidden !== w.hidden),
        notShown: isStoreMessage(w.slug) && !showStoreMessage({ content: w.content, hidden: !!w.hidden }),
      };
    })
    .sort((a, b) => LOCALE_CODES.indexOf(a.locale) - LOCALE_CODES.indexOf(b.locale) || a.slug.localeCompare(b.slug));
}

export interface WidgetsListView {
  access: StaffAccess;
  widgets: WidgetRow[];
}

export async function widgetsListPage(ctx: StaffRequest): Promise<PageAnswer<WidgetsListView>> {
  const access = await requireStaff(ctx, 'content.edit');
  if (access instanceof Response) return answer(access);
  return { kind: 'view', view: { access, widgets: await widgetRows(getDb()) }, status: 200 };
}

export interface WidgetView {
  access: StaffAccess;
  locale: LocaleCode;
  slug: WidgetSlug;
  bodyHtml: string;
  hidden: boolean;
  revision: number;
  previewHref: string;
  storeMessage: boolean;
  /** The draft would not be shown (a store message of 20 characters or fewer, or hidden). */
  draftNotShown: boolean;
  changed: boolean;
  notice?: Message;
  error?: Message;
}

export const widgetPath = (locale: LocaleCode, slug: string) => `/content/widgets/${locale}/${slug}`;

export type WidgetPage = PageAnswer<WidgetView> | { kind: 'missing'; access: StaffAccess };

export async function widgetPage(ctx: StaffRequest, locale: string, slug: string, rebuild: RebuildControl): Promise<WidgetPage> {
  const db = getDb();
  const guarded = await contentGuard(ctx);
  if (guarded instanceof Response) return answer(guarded);
  const { access, form } = guarded;
  const l = localeSchema.safeParse(locale);
  const s = z.enum(WIDGET_SLUGS).safeParse(slug);
  if (!l.success || !s.success) return { kind: 'missing', access };
  const published = await db.selectFrom('widgets').selectAll().where('locale', '=', l.data).where('slug', '=', s.data).executeTakeFirst();
  if (!published) return { kind: 'missing', access };
  const draft = await pageDraftOf(db, l.data, s.data, 'widget');
  const base = { content: draft?.body_html ?? published.content, hidden: draft ? !!draft.hidden : !!published.hidden };
  const view = (extra: Pick<WidgetView, 'notice' | 'error'> = {}, status = 200): PageAnswer<WidgetView> => ({
    kind: 'view',
    view: {
      access,
      locale: l.data,
      slug: s.data,
      bodyHtml: base.content,
      hidden: base.hidden,
      revision: draft?.revision ?? 0,
      previewHref: draft ? previewHrefOf(draft, l.data) : '',
      storeMessage: isStoreMessage(s.data),
      draftNotShown: isStoreMessage(s.data) && !showStoreMessage(base),
      changed: !!draft && (draft.body_html !== published.content || draft.hidden !== published.hidden),
      ...extra,
    },
    status,
  });
  if (!form) {
    const done = ctx.url.searchParams.get('done') ?? '';
    return view(/^published(_started|_off|_running)?$/.test(done) ? { notice: { key: `content.done_${done}` as BoKey } } : {});
  }
  const revision = Number(formText(form, 'revision'));
  if (formText(form, 'action') !== 'publish' || !draft || draft.revision !== revision) return view({ error: conflictMessage(draft) }, 409);
  const outcome = await publishOrRefuse(db, draft, access, rebuild);
  if ('error' in outcome) return view({ error: outcome.error }, 409);
  await recordStaffAction(db, {
    staff: access.staff,
    ip: staffIpOf(ctx),
    action: 'content.widget_publish',
    subject: { type: 'widget', id: `${l.data}:${s.data}` },
    before: { content: published.content, hidden: !!published.hidden },
    after: { content: draft.body_html, hidden: !!draft.hidden, rebuild: outcome.rebuild },
  });
  return seeOther(`${widgetPath(l.data, s.data)}?done=${publishedNotice(outcome.rebuild)}`);
}

async function publishOrRefuse(
  db: Db,
  draft: DraftRow,
  access: StaffAccess,
  rebuild: RebuildControl,
): Promise<{ rebuild: string } | { error: Message }> {
  try {
    return await publishDraft(db, draft, access.staff.email, rebuild);
  } catch (err) {
    if (err instanceof RebuildRunning) return { error: { key: 'content.rebuild_running' } };
    if (err instanceof DomainError) return { error: { key: 'content.deal_product_gone' } };
    throw err;
  }
}

// ---- deals -----------------------------------------------------------------------------------------------------

export interface DealRow {
  id: number;
  locale: LocaleCode;
  title: string;
  productName: string;
  discount: number;
  startsAt: string;
  expiresAt: string;
  state: 'running' | 'upcoming' | 'ended';
}

export interface DealsListView {
  access: StaffAccess;
  deals: DealRow[];
}

export async function dealsListPage(ctx: StaffRequest, now = new Date()): Promise<PageAnswer<DealsListView>> {
  const access = await requireStaff(ctx, 'content.edit');
  if (access instanceof Response) return answer(access);
  const at = now.toISOString();
  const rows = await getDb().selectFrom('deals').selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
  const deals = rows
    .filter((r): r is typeof r & { locale: LocaleCode } => (LOCALE_CODES as readonly string[]).includes(r.locale))
    .map((r) => ({
      id: r.id,
      locale: r.locale,
      title: r.title,
      productName: r.product_name,
      discount: Number(r.discount),
      startsAt: r.starts_at,
      expiresAt: r.expires_at,
      state: r.starts_at > at ? ('upcoming' as const) : r.expires_at > at ? ('running' as const) : ('ended' as const),
    }));
  return { kind: 'view', view: { access, deals }, status: 200 };
}

export const dealPath = (locale: LocaleCode, key: string) => `/content/deals/${locale}/${key}`;

export interface DealFormValues {
  title: string;
  sku: string;
  discount: string;
  startsAt: string;
  expiresAt: string;
}

export interface DealView {
  access: StaffAccess;
  locale: LocaleCode;
  key: string;
  values: DealFormValues;
  /** The saved draft (its revision and preview), when there is one. */
  draft?: { revision: number; previewHref: string };
  notice?: Message;
  error?: Message;
}

export type DealPage = PageAnswer<DealView> | { kind: 'missing'; access: StaffAccess };

const dealFormSchema = z.object({
  title: z.string().trim().min(1).max(120),
  sku: z.string().trim().min(1).max(64),
  discount: z.coerce.number().gt(0).max(100),
  startsAt: z.string().max(40),
  expiresAt: z.string().max(40),
});

/** An ISO instant as the form's datetime-local value in the shop's home zone ('' for none). */
const wallClock = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : localDateTime(d, HOME_TIME_ZONE);
};

export async function dealPage(ctx: StaffRequest, locale: string, key: string, rebuild: RebuildControl): Promise<DealPage> {
  const db = getDb();
  const guarded = await contentGuard(ctx);
  if (guarded instanceof Response) return answer(guarded);
  const { access, form } = guarded;
  const l = localeSchema.safeParse(locale);
  if (!l.success || !/^(new|[1-9][0-9]{0,9})$/.test(key)) return { kind: 'missing', access };
  const deal =
    key === 'new'
      ? undefined
      : await db.selectFrom('deals').selectAll().where('locale', '=', l.data).where('id', '=', Number(key)).executeTakeFirst();
  if (key !== 'new' && !deal) return { kind: 'missing', access };
  const draft = await db
    .selectFrom('content_drafts')
    .selectAll()
    .where('kind', '=', 'deal')
    .where('locale', '=', l.data)
    .where('key', '=', key)
    .executeTakeFirst();
  const f = draft ? dealFields(draft) : null;
  const sku = deal?.product_id
    ? ((await db.selectFrom('products').select('sku').where('id', '=', deal.product_id).executeTakeFirst())?.sku ?? '')
    : '';
  const values: DealFormValues = f
    ? { title: draft!.title, sku: f.sku, discount: String(f.discount), startsAt: wallClock(f.startsAt), expiresAt: wallClock(f.expiresAt) }
    : deal
      ? {
          title: deal.title,
          sku,
          discount: String(deal.discount),
          startsAt: wallClock(deal.starts_at),
          expiresAt: wallClock(deal.expires_at),
        }
      : { title: '', sku: '', discount: '', startsAt: '', expiresAt: '' };
  const view = (extra: Partial<DealView> = {}, status = 200): PageAnswer<DealView> => ({
    kind: 'view',
    view: {
      access,
      locale: l.data,
      key,
      values,
      draft: draft ? { revision: draft.revision, previewHref: previewHrefOf(draft, l.data) } : undefined,
      ...extra,
    },
    status,
  });
  if (!form) {
    const done = ctx.url.searchParams.get('done') ?? '';
    return view(/^(saved|published(_started|_off|_running)?)$/.test(done) ? { notice: { key: `content.done_${done}` as BoKey } } : {});
  }
  const action = formText(form, 'action');
  if (action === 'publish') {
    const revision = Number(formText(form, 'revision'));
    if (!draft || draft.revision !== revision) return view({ error: conflictMessage(draft) }, 409);
    const outcome = await publishOrRefuse(db, draft, access, rebuild);
    if ('error' in outcome) return view({ error: outcome.error }, 409);
    const published = (await db.selectFrom('content_drafts').select('key').where('id', '=', draft.id).executeTakeFirst())?.key ?? key;
    await recordStaffAction(db, {
      staff: access.staff,
      ip: staffIpOf(ctx),
      action: 'content.deal_publish',
      subject: { type: 'deal', id: `${l.data}:${published}` },
      after: { title: draft.title, ...f, rebuild: outcome.rebuild },
    });
    return seeOther(`${dealPath(l.data, published)}?done=${publishedNotice(outcome.rebuild)}`);
  }
  // save the form as the deal's draft
  const typed: DealFormValues = {
    title: formText(form, 'title'),
    sku: formText(form, 'sku'),
    discount: formText(form, 'discount'),
    startsAt: formText(form, 'startsAt'),
    expiresAt: formText(form, 'expiresAt'),
  };
  const fields = dealFormSchema.safeParse(typed);
  const starts = localTimeUtc(typed.startsAt, HOME_TIME_ZONE);
  const expires = localTimeUtc(typed.expiresAt, HOME_TIME_ZONE);
  if (!fields.success || !starts || !expires) return view({ values: typed, error: { key: 'content.bad_deal' } }, 400);
  if (expires.getTime() <= starts.getTime()) return view({ values: typed, error: { key: 'content.bad_deal_window' } }, 400);
  if (!(await dealProduct(db, l.data, fields.data.sku))) return view({ values: typed, error: { key: 'content.deal_product_gone' } }, 400);
  await saveDraft(db, l.data, {
    kind: 'deal',
    key,
    title: fields.data.title,
    sku: fields.data.sku,
    discount: fields.data.discount,
    startsAt: starts.toISOString(),
    expiresAt: expires.toISOString(),
    editor: access.staff.email,
  });
  return seeOther(`${dealPath(l.data, key)}?done=saved`);
}
