/**
 * The content studio's pages (docs/product/content-studio.md): the list of every storefront's pages as translation
 * groups, a new page (blank or started from another storefront's version), and one page's studio — the editor island
 * autosaves through the JSON endpoint (studioDraftApi); publish, schedule, unpublish, restore and a change of address
 * are form posts with the draft's revision, refused when someone saved in between. content.edit; every change audited.
 */
import { z } from 'zod';
import { answer, seeOther, type PageAnswer } from './page-answer.ts';
import { formText } from '#lib/staff/form-text.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { HOME_TIME_ZONE } from '#lib/backoffice/order-filter.ts';
import { localTimeUtc } from '#lib/market/local-day.ts';
import { readableDiff, readableLines, type DiffRow } from '#lib/content/readable-html.ts';
import { errorBody } from '#lib/api/errors.ts';
import { WIDGET_SLUGS } from '#lib/api/content-contracts.ts';
import { DomainError, InvalidRequestError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { json, readJsonBody } from '#server/http/endpoint.ts';
import { getDb, type Db } from '#server/db/connection.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import {
  requireStaff,
  requireStaffJson,
  requireStaffPost,
  staffIpOf,
  type StaffAccess,
  type StaffRequest,
} from '#server/staff/staff-guard.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { previewLink } from '#server/content/preview-links.ts';
import { DraftConflict, pageDraftOf, savePageDraft } from '#server/content/studio-drafts.ts';
import { publishDraft } from '#server/content/publish-content.ts';
import { pageVersions, restoreVersionToDraft, type VersionRow } from '#server/content/studio-versions.ts';
import {
  assertFreeAddress,
  contentPageRow,
  groupOf,
  linkedFrom,
  renamePage,
  studioPageGroups,
  unpublishPage,
  type PageState,
  type TranslationGroup,
} from '#server/content/studio-pages.ts';
import { localizeLinks } from '#server/content/localize-links.ts';
import type { DraftRow } from '#server/content/drafts-store.ts';
import type { RebuildControl } from '#server/content/publish-content.ts';

type Message = { key: BoKey; values?: Record<string, string> };

/** A content page's address: lower-case words and digits joined by '-', sections by '/' (SPEC's content slugs). */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?){0,3}$/;
const slugSchema = z.string().trim().toLowerCase().regex(SLUG);
const localeSchema = z.enum(LOCALE_CODES);

/** The studio page of a storefront's page. */
export const studioPath = (locale: LocaleCode, slug: string) => `/content/page/${locale}/${slug}`;

// ---- the list ------------------------------------------------------------------------------------------------

export interface ContentListView {
  access: StaffAccess;
  locale?: LocaleCode;
  groups: TranslationGroup[];
}

export async function contentListPage(ctx: StaffRequest): Promise<PageAnswer<ContentListView>> {
  const access = await requireStaff(ctx, 'content.edit');
  if (access instanceof Response) return answer(access);
  const l = localeSchema.safeParse(ctx.url.searchParams.get('locale'));
  const locale = l.success ? l.data : undefined;
  return { kind: 'view', view: { access, locale, groups: await studioPageGroups(getDb(), locale) }, status: 200 };
}

// ---- a new page ----------------------------------------------------------------------------------------------

export interface NewPageView {
  access: StaffAccess;
  error?: Message;
  draft: { locale: string; slug: string; title: string; from: string };
  /** The version the new page starts from (a translation), when one is named. */
  source?: { locale: LocaleCode; slug: string; title: string };
}

const newPageSchema = z.object({
  locale: localeSchema,
  slug: slugSchema,
  title: z.string().trim().min(1).max(200),
  from: z.string().max(200),
});

/** `from` names the source as `<locale>:<slug>`; its page or draft when it exists. */
async function sourceOf(db: Db, from: string) {
  const m = /^([a-z]{2}):(.+)$/.exec(from);
  const locale = localeSchema.safeParse(m?.[1]);
  if (!m || !locale.success) return undefined;
  const slug = m[2]!;
  const draft = await pageDraftOf(db, locale.data, slug);
  const page = await contentPageRow(db, locale.data, slug);
  const base = draft ?? page;
  if (!base) return undefined;
  return {
    locale: locale.data,
    slug,
    title: base.title,
    bodyHtml: base.body_html,
    metaDescription: base.meta_description,
    group: groupOf(locale.data, slug, draft?.translation_key ?? page?.translation_key),
  };
}

export async function newContentPage(ctx: StaffRequest): Promise<PageAnswer<NewPageView>> {
  const db = getDb();
  if (ctx.request.method !== 'POST') {
    const access = await requireStaff(ctx, 'content.edit');
    if (access instanceof Response) return answer(access);
    const from = (ctx.url.searchParams.get('from') ?? '').slice(0, 200);
    const source = await sourceOf(db, from);
    const locale = ctx.url.searchParams.get('locale') ?? '';
    return {
      kind: 'view',
      view: { access, source, draft: { locale, slug: '', title: source?.title ?? '', from: source ? from : '' } },
      status: 200,
    };
  }
  const guard = await requireStaffPost(ctx, 'content.edit');
  if (guard instanceof Response) return answer(guard);
  const { form, ...access } = guard;
  const draft = {
    locale: formText(form, 'locale'),
    slug: formText(form, 'slug'),
    title: formText(form, 'title'),
    from: formText(form, 'from'),
  };
  const source = await sourceOf(db, draft.from);
  const view = (error: BoKey, status = 400): PageAnswer<NewPageView> => ({
    kind: 'view',
    view: { access, draft, source, error: { key: error } },
    status,
  });
  const fields = newPageSchema.safeParse(draft);
  if (!fields.success) return view('content.bad_new_page');
  const { locale, slug, title } = fields.data;
  try {
    await assertFreeAddress(db, locale, slug);
  } catch (err) {
    if (err instanceof DomainError) return view('content.address_taken');
    throw err;
  }
  // a translation starts from the source's text, its internal links pointed at this storefront's pages
  const body = source ? await localizeLinks(db, locale, source.bodyHtml) : '';
  const saved = await savePageDraft(db, {
    locale,
    slug,
    title,
    metaDescription: source?.metaDescription ?? '',
    bodyHtml: body,
    baseRevision: 0,
    editor: access.staff.email,
    translationKey: source ? source.group : `${locale}:${slug}`,
  });
  await recordStaffAction(db, {
    staff: access.staff,
    ip: staffIpOf(ctx),
    action: 'content.create',
    subject: { type: 'content_page', id: `${locale}:${slug}` },
    after: { title, from: source ? `${source.locale}:${source.slug}` : null, draft: saved.id },
  });
  return seeOther(studioPath(locale, slug));
}

// ---- one page's studio ---------------------------------------------------------------------------------------

export interface VersionView {
  version: number;
  publishedBy: string;
  publishedAt: string;
  /** What this version changed against the one before it. */
  diff: DiffRow[];
}

export interface StudioView {
  access: StaffAccess;
  locale: LocaleCode;
  slug: string;
  /** What the editor starts from: the draft, else the published page. */
  title: string;
  metaDescription: string;
  bodyHtml: string;
  revision: number;
  draftId?: string;
  published: boolean;
  /** The page exists in content_pages (published or not). */
  live: boolean;
  publishAt: string | null;
  scheduledBy: string | null;
  /** As the list shows it (published, changed, draft, unpublished). */
  state: PageState;
  previewHref: string;
  publicHref?: string;
  versions: VersionView[];
  linkedFrom: Awaited<ReturnType<typeof linkedFrom>>;
  translations: { locale: LocaleCode; slug?: string; title?: string }[];
  group: string;
  notice?: Message;
  error?: Message;
}

const versionLines = (v: Pick<VersionRow, 'title' | 'meta_description' | 'body_html'>) => [
  `# ${v.title}`,
  ...(v.meta_description ? [`(${v.meta_description})`] : []),
  ...readableLines(v.body_html),
];

const DONE = new Set(['published', 'scheduled', 'unscheduled', 'unpublished', 'restored', 'renamed', 'created']);

/** The absolute signed preview link of a draft on its storefront's domain. */
export const previewHrefOf = (draft: Pick<DraftRow, 'id'>, locale: LocaleCode) =>
  siteSettings().origins[locale] + previewLink(draft.id, locale).href;

async function studioView(
  db: Db,
  access: StaffAccess,
  locale: LocaleCode,
  slug: string,
): Promise<Omit<StudioView, 'notice' | 'error'> | undefined> {
  const page = await contentPageRow(db, locale, slug);
  const draft = await pageDraftOf(db, locale, slug);
  if (!page && !draft) return undefined;
  const base = draft ?? page!;
  const group = groupOf(locale, slug, draft?.translation_key ?? page?.translation_key);
  const versions = await pageVersions(db, locale, slug);
  const groups = await studioPageGroups(db);
  const mine = groups.find((g) => g.group === group);
  return {
    access,
    locale,
    slug,
    title: base.title,
    metaDescription: base.meta_description,
    bodyHtml: base.body_html,
    revision: draft?.revision ?? 0,
    draftId: draft?.id,
    published: !!page?.published,
    live: !!page,
    publishAt: draft?.publish_at ?? null,
    scheduledBy: draft?.scheduled_by ?? null,
    state: mine?.pages.find((p) => p.locale === locale && p.slug === slug)?.state ?? 'draft',
    previewHref: draft ? previewHrefOf(draft, locale) : '',
    publicHref: page?.published ? `${siteSettings().origins[locale]}/${slug}` : undefined,
    versions: versions.map((v, i) => ({
      version: v.version,
      publishedBy: v.published_by,
      publishedAt: v.published_at,
      diff: readableDiff(versions[i + 1] ? versionLines(versions[i + 1]!) : [], versionLines(v)),
    })),
    linkedFrom: await linkedFrom(db, locale, slug, group),
    translations: LOCALE_CODES.filter((l) => l !== locale).map((l) => {
      const p = mine?.pages.find((x) => x.locale === l);
      return { locale: l, slug: p?.slug, title: p?.title };
    }),
    group,
  };
}

export type StudioPage = PageAnswer<StudioView> | { kind: 'missing'; access: StaffAccess };

const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('publish'), revision: z.coerce.number().int().min(1) }),
  z.object({ action: z.literal('schedule'), revision: z.coerce.number().int().min(1), at: z.string().max(40) }),
  z.object({ action: z.literal('unschedule') }),
  z.object({ action: z.literal('unpublish') }),
  z.object({ action: z.literal('restore'), version: z.coerce.number().int().min(1) }),
  z.object({ action: z.literal('rename'), slug: slugSchema }),
]);

/** A form posted from an older revision than the draft's: who saved it since, and its revision now. */
export const conflictMessage = (draft: Pick<DraftRow, 'updated_by' | 'revision'> | undefined): Message => ({
  key: 'content.conflict',
  values: { name: draft?.updated_by ?? '', revision: String(draft?.revision ?? 0) },
});

/** The studio's guard: a view needs content.edit; a post also the same host and the CSRF token (it answers the form). */
export async function contentGuard(ctx: StaffRequest): Promise<Response | { access: StaffAccess; form?: FormData }> {
  if (ctx.request.method === 'POST') {
    const g = await requireStaffPost(ctx, 'content.edit');
    if (g instanceof Response) return g;
    const { form, ...access } = g;
    return { access, form };
  }
  const g = await requireStaff(ctx, 'content.edit');
  return g instanceof Response ? g : { access: g };
}

export async function studioPage(
  ctx: StaffRequest,
  locale: string,
  slug: string,
  rebuild: RebuildControl,
  now = () => new Date(),
): Promise<StudioPage> {
  const db = getDb();
  const guarded = await contentGuard(ctx);
  if (guarded instanceof Response) return answer(guarded);
  const { access, form } = guarded;
  const l = localeSchema.safeParse(locale);
  if (!l.success || !SLUG.test(slug)) return { kind: 'missing', access };
  const current = await studioView(db, access, l.data, slug);
  if (!current) return { kind: 'missing', access };
  const view = (extra: Pick<StudioView, 'notice' | 'error'> = {}, status = 200): PageAnswer<StudioView> => ({
    kind: 'view',
    view: { ...current, ...extra },
    status,
  });
  if (!form) {
    const done = ctx.url.searchParams.get('done') ?? '';
    return view(DONE.has(done) ? { notice: { key: `content.done_${done}` as BoKey } } : {});
  }

  const fields = actionSchema.safeParse(Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : ''])));
  if (!fields.success) return view({ error: { key: 'content.bad_action' } }, 400);
  const a = fields.data;
  const actor = { staff: access.staff, ip: staffIpOf(ctx) };
  const subject = { type: 'content_page', id: `${current.locale}:${current.slug}` };
  const done = (what: string, path = studioPath(current.locale, current.slug)) => seeOther(`${path}?done=${what}`);
  const draft = await pageDraftOf(db, current.locale, current.slug);
  // a form posted from an older revision of the draft: someone saved in between (studio-drafts.ts)
  const stale = (revision: number) => (!draft || draft.revision !== revision ? view({ error: conflictMessage(draft) }, 409) : undefined);

  if (a.action === 'publish') {
    const refused = stale(a.revision);
    if (refused) return refused;
    const published = await publishDraft(db, draft!, access.staff.email, rebuild, now());
    await recordStaffAction(db, {
      ...actor,
      action: 'content.publish',
      subject,
      after: { title: draft!.title, publishedAt: published.publishedAt },
    });
    return done('published');
  }
  if (a.action === 'schedule') {
    const refused = stale(a.revision);
    if (refused) return refused;
    const at = localTimeUtc(a.at, HOME_TIME_ZONE);
    if (!at || at.getTime() <= now().getTime()) return view({ error: { key: 'content.bad_schedule' } }, 400);
    await db
      .updateTable('content_drafts')
      .set({ publish_at: at.toISOString(), scheduled_by: access.staff.email })
      .where('id', '=', draft!.id)
      .execute();
    await recordStaffAction(db, {
      ...actor,
      action: 'content.schedule',
      subject,
      after: { publishAt: at.toISOString(), revision: a.revision },
    });
    return done('scheduled');
  }
  if (a.action === 'unschedule') {
    if (!draft?.publish_at) return done('unscheduled');
    await db.updateTable('content_drafts').set({ publish_at: null, scheduled_by: null }).where('id', '=', draft.id).execute();
    await recordStaffAction(db, { ...actor, action: 'content.unschedule', subject, before: { publishAt: draft.publish_at } });
    return done('unscheduled');
  }
  if (a.action === 'unpublish') {
    if (!current.published) return done('unpublished');
    await unpublishPage(db, current.locale, current.slug, access.staff.email, now());
    await recordStaffAction(db, { ...actor, action: 'content.unpublish', subject });
    return done('unpublished');
  }
  if (a.action === 'restore') {
    const version = (await pageVersions(db, current.locale, current.slug)).find((v) => v.version === a.version);
    if (!version || !draft) return view({ error: { key: 'content.bad_action' } }, 400);
    await restoreVersionToDraft(db, version, access.staff.email, now());
    await recordStaffAction(db, { ...actor, action: 'content.restore', subject, after: { version: a.version } });
    return done('restored');
  }
  // rename
  if (a.slug === current.slug) return done('renamed');
  try {
    await renamePage(db, current.locale, current.slug, a.slug, access.staff.email, now());
  } catch (err) {
    if (err instanceof DomainError) return view({ error: { key: 'content.address_taken' } }, 400);
    throw err;
  }
  await recordStaffAction(db, { ...actor, action: 'content.rename', subject, before: { slug: current.slug }, after: { slug: a.slug } });
  return done('renamed', studioPath(current.locale, a.slug));
}

// ---- the editor's autosave -------------------------------------------------------------------------------------

const draftSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    locale: localeSchema,
    slug: slugSchema,
    title: z.string().trim().min(1).max(200),
    metaDescription: z.string().max(300).default(''),
    bodyHtml: z.string().max(200_000),
    baseRevision: z.number().int().min(0),
  }),
  z.object({
    kind: z.literal('widget'),
    locale: localeSchema,
    slug: z.enum(WIDGET_SLUGS),
    hidden: z.boolean().default(false),
    bodyHtml: z.string().max(200_000),
    baseRevision: z.number().int().min(0),
  }),
]);

/** An editor's body: up to 200,000 characters of HTML, which UTF-8 and JSON escaping may make several times longer. */
const DRAFT_BODY_BYTES = 1024 * 1024;

/**
 * POST /content/api/draft (run through `endpoint`, which answers refusals as the API's JSON errors): `{ revision,
 * savedAt, previewHref }`, 409 `conflict` with who saved in between, 400 on bad input, 404 for no such page or widget.
 */
export async function studioDraftApi(ctx: StaffRequest, now = new Date()): Promise<Response> {
  const access = await requireStaffJson(ctx, 'content.edit');
  if (access instanceof Response) return access;
  const body = await readJsonBody(ctx.request, DRAFT_BODY_BYTES);
  // the editor of a page sends no kind
  const input = draftSchema.safeParse(body && typeof body === 'object' && !('kind' in body) ? { ...body, kind: 'page' } : body);
  if (!input.success) {
    const issue = input.error.issues[0];
    throw new InvalidRequestError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`, issue?.path.join('.'));
  }
  const db = getDb();
  const { locale, slug } = input.data;
  // only a page that exists (published or drafted; a new page is created on /content/new) or a widget the storefront has
  const exists =
    input.data.kind === 'widget'
      ? await db.selectFrom('widgets').select('slug').where('locale', '=', locale).where('slug', '=', slug).executeTakeFirst()
      : ((await contentPageRow(db, locale, slug)) ?? (await pageDraftOf(db, locale, slug)));
  if (!exists) throw new NotFoundError(`${locale} has no ${input.data.kind} ${slug}`, 'slug');
  try {
    const saved = await savePageDraft(
      db,
      input.data.kind === 'widget'
        ? { ...input.data, title: '', metaDescription: '', editor: access.staff.email }
        : { ...input.data, editor: access.staff.email },
      now,
    );
    return json({ revision: saved.revision, savedAt: saved.updated_at, previewHref: previewHrefOf(saved, locale) });
  } catch (err) {
    if (err instanceof DraftConflict) return json({ ...errorBody('conflict', err.message), current: err.current }, 409);
    throw err;
  }
}
