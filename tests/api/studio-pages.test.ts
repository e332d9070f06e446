/**
 * The content studio's pages (docs/product/content-studio.md): an editor creates a page, the editor's autosave
 * keeps a revision and refuses a save from an older one (naming who saved), publishing writes the page, a version,
 * a change-feed row and the audit log; the history diffs and restores; a schedule is kept for later; a changed
 * address leaves a redirect; unpublishing takes the page off; a translation starts from another storefront's text.
 * Script payloads are stored harmless; an editor reaches no orders or customers; read-only staff and posts without
 * the CSRF token are refused. Each run works on pages of its own addresses (other suites use the demo pages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { openTestDb } from './api-support.ts';
import { ADMIN, boGet, boPost, csrfOf, staffSession, type StaffSession } from './backoffice-session.ts';
import type { DbHandle } from '#server/db/connection.ts';

let h: DbHandle;
let editor: StaffSession;
let editorEmail: string;
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const slug = `studio-${run}`;
const studio = `/content/page/sv/${slug}`;

const saveDraft = (body: Record<string, unknown>, session: StaffSession = editor, headers: Record<string, string> = {}) =>
  request(`${ADMIN}/content/api/draft`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: ADMIN, 'x-csrf-token': session.csrf, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const draftBody = (over: Record<string, unknown> = {}) => ({
  locale: 'sv',
  slug,
  title: 'Studiosida',
  metaDescription: 'En sida ur studion',
  bodyHtml: '<h2>Rubrik</h2><p>Första texten.</p>',
  baseRevision: 1,
  ...over,
});

/** The studio page's CSRF token and HTML. */
async function studioHtml(path = studio) {
  const r = await boGet(path, editor.cookie);
  expect(r.status, r.body.slice(0, 500)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  h = openTestDb();
  editorEmail = `editor-${run}@bo.test`;
  editor = await staffSession(h, 'editor', editorEmail);
});

afterAll(async () => {
  for (const table of ['content_pages', 'content_redirects'] as const)
    await h.db
      .deleteFrom(table)
      .where('locale', 'in', ['sv', 'fi'])
      .where(table === 'content_pages' ? 'slug' : 'from_slug', 'like', `%${run}%`)
      .execute();
  await h.db.deleteFrom('content_drafts').where('key', 'like', `%${run}%`).execute();
  await h.db.deleteFrom('content_versions').where('key', 'like', `%${run}%`).execute();
  await h.db.destroy();
});

describe('the content studio', () => {
  it('lists the demo pages as translation groups, with the storefronts that lack a version', async () => {
    const r = await boGet('/content', editor.cookie);
    expect(r.status).toBe(200);
    // the five "about us" pages are one group
    const group = /<tbody data-testid="bo-content-group" data-group="about-us">([\s\S]*?)<\/tbody>/.exec(r.body)?.[1] ?? '';
    expect([...group.matchAll(/data-locale="(\w\w)"/g)].map((m) => m[1])).toEqual(['sv', 'no', 'da', 'fi', 'nl']);
    expect(group).toContain('data-slug="om-oss"');
    expect(group).not.toContain('bo-content-missing');
  });

  it('creates a page at a free address only', async () => {
    const page = await boGet('/content/new', editor.cookie);
    const csrf = csrfOf(page.body);
    // a product path is not free
    const taken = await boPost('/content/new', { _csrf: csrf, locale: 'sv', slug: 'sok', title: 'X', from: '' }, editor.cookie);
    expect(taken.status).toBe(400);
    expect(taken.body).toContain('bo-content-error');
    const bad = await boPost('/content/new', { _csrf: csrf, locale: 'sv', slug: 'Not A Slug!', title: 'X', from: '' }, editor.cookie);
    expect(bad.status).toBe(400);
    const made = await boPost('/content/new', { _csrf: csrf, locale: 'sv', slug, title: 'Studiosida', from: '' }, editor.cookie);
    expect(made.status, made.body.slice(0, 300)).toBe(303);
    expect(made.headers.location).toBe(studio);
    const again = await boPost('/content/new', { _csrf: csrf, locale: 'sv', slug, title: 'Studiosida', from: '' }, editor.cookie);
    expect(again.status).toBe(400);
    const draft = await h.db.selectFrom('content_drafts').selectAll().where('key', '=', slug).executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ kind: 'page', locale: 'sv', revision: 1, updated_by: editorEmail, translation_key: `sv:${slug}` });
    const html = await studioHtml();
    expect(html).toContain('data-testid="bo-studio-publish"');
    const audit = await h.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'content.create')
      .where('subject_id', '=', `sv:${slug}`)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('autosaves from the revision it started from and refuses a save from an older one, naming who saved', async () => {
    const first = await saveDraft(draftBody({ baseRevision: 1 }));
    expect(first.status, first.body).toBe(200);
    const saved = first.json<{ revision: number; savedAt: string; previewHref: string }>();
    expect(saved.revision).toBe(2);
    expect(saved.previewHref).toMatch(/^http:\/\/sv\.localhost:\d+\/page-preview\?draft=/);
    // the preview link shows the saved draft
    const preview = await request(saved.previewHref);
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('Första texten.');

    // a second editor still on revision 1
    const other = await staffSession(h, 'editor');
    const stale = await saveDraft(draftBody({ baseRevision: 1, bodyHtml: '<p>Skriver över</p>' }), other);
    expect(stale.status).toBe(409);
    const refusal = stale.json<{ error: { code: string; message: string }; current: { revision: number; updatedBy: string } }>();
    expect(refusal.error.code).toBe('conflict');
    expect(refusal.current).toMatchObject({ revision: 2, updatedBy: editorEmail });
    expect(refusal.error.message).toContain(editorEmail);
    const stored = await h.db
      .selectFrom('content_drafts')
      .select(['body_html', 'revision'])
      .where('key', '=', slug)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ body_html: '<h2>Rubrik</h2><p>Första texten.</p>', revision: 2 });
  });

  it('refuses a save without the CSRF header, from another origin, signed out, or by read-only staff, and bad input', async () => {
    expect((await saveDraft(draftBody({ baseRevision: 2 }), editor, { 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await saveDraft(draftBody({ baseRevision: 2 }), editor, { origin: 'http://evil.localhost' })).status).toBe(403);
    const signedOut = await request(`${ADMIN}/content/api/draft`, {
      method: 'POST',
      headers: { origin: ADMIN },
      body: JSON.stringify(draftBody()),
    });
    expect(signedOut.status).toBe(401);
    const reader = await staffSession(h, 'read_only');
    const r = await saveDraft(draftBody({ baseRevision: 2 }), reader);
    expect(r.status).toBe(403);
    expect(r.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    expect((await boGet('/content', reader.cookie)).status).toBe(403);
    const bad = await saveDraft({ ...draftBody({ baseRevision: 2 }), title: '' });
    expect(bad.status).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('invalid_request');
    const notJson = await request(`${ADMIN}/content/api/draft`, {
      method: 'POST',
      headers: { cookie: editor.cookie, origin: ADMIN, 'x-csrf-token': editor.csrf, 'content-type': 'application/json' },
      body: '{"locale":',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json<{ error: { code: string } }>().error.code).toBe('bad_json');
    const get = await request(`${ADMIN}/content/api/draft`, { headers: { cookie: editor.cookie } });
    expect(get.status).toBe(405);
    expect(get.json<{ error: { code: string } }>().error.code).toBe('method_not_allowed');
    const missing = await saveDraft(draftBody({ baseRevision: 1, slug: `nowhere-${run}` }));
    expect(missing.status).toBe(404);
  });

  it('stores script payloads harmless in every field', async () => {
    const r = await saveDraft(
      draftBody({
        baseRevision: 2,
        title: '<script>alert(1)</script>Studiosida',
        metaDescription: '"><img src=x onerror=alert(2)>',
        bodyHtml:
          '<h2 onclick="alert(3)">Rubrik</h2><p>Första texten.</p><script>alert(4)</script><a href="javascript:alert(5)">x</a><img src="/x.png" alt="x" onerror="alert(6)">',
      }),
    );
    expect(r.status, r.body).toBe(200);
    const d = await h.db.selectFrom('content_drafts').selectAll().where('key', '=', slug).executeTakeFirstOrThrow();
    expect(d.body_html).not.toMatch(/script|onclick|onerror|javascript:/i);
    const html = await studioHtml();
    // the title and description are text wherever they are shown: never markup
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x onerror');
    const preview = await request(r.json<{ previewHref: string }>().previewHref);
    expect(preview.body).not.toContain('<script>alert(1)');
    expect(preview.body).not.toMatch(/onerror=|onclick=/);
  });

  it('publishes the draft of the revision shown: the page, a version, a change-feed row and the audit log', async () => {
    const clean = await saveDraft(draftBody({ baseRevision: 3 }));
    expect(clean.status, clean.body).toBe(200);
    const csrf = csrfOf(await studioHtml());
    // a publish form from an older revision is refused
    const stale = await boPost(studio, { _csrf: csrf, action: 'publish', revision: '3' }, editor.cookie);
    expect(stale.status).toBe(409);
    expect(stale.body).toContain('bo-studio-error');
    const before = Number(
      (
        await h.db
          .selectFrom('catalogue_changes')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirst()
      )?.seq ?? 0,
    );
    const ok = await boPost(studio, { _csrf: csrf, action: 'publish', revision: '4' }, editor.cookie);
    expect(ok.status, ok.body.slice(0, 400)).toBe(303);
    expect(ok.headers.location).toBe(`${studio}?done=published`);
    const page = await h.db
      .selectFrom('content_pages')
      .selectAll()
      .where('locale', '=', 'sv')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(page).toMatchObject({ title: 'Studiosida', published: 1, translation_key: `sv:${slug}` });
    const versions = await h.db.selectFrom('content_versions').selectAll().where('key', '=', slug).execute();
    expect(versions.map((v) => [v.version, v.published_by])).toEqual([[1, editorEmail]]);
    const change = await h.db
      .selectFrom('catalogue_changes')
      .selectAll()
      .where('seq', '>', before)
      .where('tags', 'like', `%content:sv:${slug}%`)
      .execute();
    expect(change.length).toBeGreaterThan(0);
    const audit = await h.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'content.publish')
      .where('subject_id', '=', `sv:${slug}`)
      .execute();
    expect(audit).toHaveLength(1);
    const html = await studioHtml(`${studio}?done=published`);
    expect(html).toContain('data-testid="bo-studio-notice"');
    expect(html).toContain('data-testid="bo-studio-public"');
  });

  it('keeps a history with a readable diff and restores an earlier version into the draft', async () => {
    const r = await saveDraft(
      draftBody({
        baseRevision: 4,
        bodyHtml: '<h2>Rubrik</h2><p>Andra texten, <a href="/om-oss">om oss</a>.</p><ul><li>En punkt</li></ul>',
      }),
    );
    expect(r.status).toBe(200);
    const csrf = csrfOf(await studioHtml());
    expect((await boPost(studio, { _csrf: csrf, action: 'publish', revision: '5' }, editor.cookie)).status).toBe(303);
    const html = await studioHtml();
    const v2 =
      /data-testid="bo-studio-version" data-version="2">([\s\S]*?)<\/li>\s*<li data-testid="bo-studio-version"/.exec(html)?.[1] ?? '';
    expect(v2).toMatch(/<del>[^]*?Första texten\.\s*<\/del>/);
    expect(v2).toMatch(/<ins>[^]*?Andra texten, om oss → \/om-oss\.\s*<\/ins>/);
    expect(v2).toMatch(/<ins>[^]*?• En punkt\s*<\/ins>/);
    // the page it links to names it under "linked from"
    const linked = await studioHtml('/content/page/sv/om-oss');
    expect(/data-testid="bo-studio-linked-from"[^]*?<\/section>/.exec(linked)?.[0]).toContain(`href="${studio}"`);
    expect((await boPost(studio, { _csrf: csrf, action: 'restore', version: '1' }, editor.cookie)).headers.location).toBe(
      `${studio}?done=restored`,
    );
    const d = await h.db.selectFrom('content_drafts').selectAll().where('key', '=', slug).executeTakeFirstOrThrow();
    expect(d.body_html).toBe('<h2>Rubrik</h2><p>Första texten.</p>');
    expect(d.revision).toBe(6);
    // the public page is still version 2 until the restored draft is published
    const page = await h.db
      .selectFrom('content_pages')
      .select('body_html')
      .where('locale', '=', 'sv')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(page.body_html).toContain('Andra texten,');
  });

  it('schedules a publish for a future time only, shows it, and cancels it', async () => {
    const csrf = csrfOf(await studioHtml());
    const past = await boPost(studio, { _csrf: csrf, action: 'schedule', revision: '6', at: '2020-01-01T10:00' }, editor.cookie);
    expect(past.status).toBe(400);
    const at = new Date(Date.now() + 48 * 3_600_000);
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short', timeStyle: 'short' })
      .format(at)
      .replace(' ', 'T');
    const ok = await boPost(studio, { _csrf: csrf, action: 'schedule', revision: '6', at: local }, editor.cookie);
    expect(ok.status, ok.body.slice(0, 300)).toBe(303);
    const d = await h.db
      .selectFrom('content_drafts')
      .select(['publish_at', 'scheduled_by'])
      .where('key', '=', slug)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Date.parse(d.publish_at!) - at.getTime())).toBeLessThan(60_000);
    expect(d.scheduled_by).toBe(editorEmail);
    const list = await boGet('/content?locale=sv', editor.cookie);
    expect(list.body).toMatch(new RegExp(`data-slug="${slug}"[^]*?bo-content-scheduled`));
    expect((await boPost(studio, { _csrf: csrf, action: 'unschedule' }, editor.cookie)).status).toBe(303);
    const after = await h.db.selectFrom('content_drafts').select('publish_at').where('key', '=', slug).executeTakeFirstOrThrow();
    expect(after.publish_at).toBeNull();
  });

  it('starts a translation from another storefront’s text and groups it with it', async () => {
    const from = `sv:${slug}`;
    const form = await boGet(`/content/new?locale=fi&from=${encodeURIComponent(from)}`, editor.cookie);
    expect(form.body).toContain('data-testid="bo-content-source"');
    const fiSlug = `studio-fi-${run}`;
    const made = await boPost(
      '/content/new',
      { _csrf: csrfOf(form.body), locale: 'fi', slug: fiSlug, title: 'Studiosivu', from },
      editor.cookie,
    );
    expect(made.status).toBe(303);
    const d = await h.db
      .selectFrom('content_drafts')
      .selectAll()
      .where('locale', '=', 'fi')
      .where('key', '=', fiSlug)
      .executeTakeFirstOrThrow();
    expect(d.translation_key).toBe(`sv:${slug}`);
    expect(d.body_html).toBe('<h2>Rubrik</h2><p>Första texten.</p>');
    const list = await boGet('/content', editor.cookie);
    const group = new RegExp(`data-group="sv:${slug}">([\\s\\S]*?)</tbody>`).exec(list.body)?.[1] ?? '';
    expect([...group.matchAll(/data-locale="(\w\w)"/g)].map((m) => m[1])).toEqual(['sv', 'fi']);
    expect(group).toMatch(/bo-content-missing[^]*NO, DA, NL/);
  });

  it('moves a published page to a new address that redirects from the old one, and unpublishes it', async () => {
    const csrf = csrfOf(await studioHtml());
    const taken = await boPost(studio, { _csrf: csrf, action: 'rename', slug: 'om-oss' }, editor.cookie);
    expect(taken.status).toBe(400);
    const moved = `${slug}-moved`;
    const r = await boPost(studio, { _csrf: csrf, action: 'rename', slug: moved }, editor.cookie);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe(`/content/page/sv/${moved}?done=renamed`);
    const redirect = await h.db
      .selectFrom('content_redirects')
      .selectAll()
      .where('locale', '=', 'sv')
      .where('from_slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(redirect.to_slug).toBe(moved);
    expect(await h.db.selectFrom('content_versions').select('version').where('key', '=', moved).execute()).toHaveLength(2);
    const movedPath = `/content/page/sv/${moved}`;
    const html = await studioHtml(movedPath);
    const unpublished = await boPost(movedPath, { _csrf: csrfOf(html), action: 'unpublish' }, editor.cookie);
    expect(unpublished.status).toBe(303);
    const page = await h.db
      .selectFrom('content_pages')
      .select('published')
      .where('locale', '=', 'sv')
      .where('slug', '=', moved)
      .executeTakeFirstOrThrow();
    expect(page.published).toBe(0);
    const audit = await h.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject_id', 'in', [`sv:${slug}`, `sv:${moved}`])
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['content.rename', 'content.unpublish', 'content.restore', 'content.schedule']),
    );
  });

  it('lets an editor reach no orders or customers', async () => {
    for (const path of ['/orders', '/customers', '/returns', '/audit', '/staff'])
      expect((await boGet(path, editor.cookie)).status, path).toBe(403);
  });
});
