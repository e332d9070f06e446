/**
 * The studio's widgets and deals (docs/product/content-studio.md#widgets-and-store-messages, #deals): a store
 * message saved through the editor's autosave and published (the 20-character rule named while it is too short);
 * a deal saved as a draft with its window checked, then published as a banner row. The API suite's server has no
 * PARTSFRONT_REBUILD_TOKEN, so a publish records rebuild "off" and the page says the pages show it after the next
 * build. Everything written here is put back afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { openTestDb } from './api-support.ts';
import { ADMIN, boGet, boPost, csrfOf, staffSession, type StaffSession } from './backoffice-session.ts';
import type { DbHandle } from '#server/db/connection.ts';

let h: DbHandle;
let editor: StaffSession;
let original: { content: string; hidden: number };
let maxDeal = 0;
const widgetPage = '/content/widgets/sv/store-message';

beforeAll(async () => {
  h = openTestDb();
  editor = await staffSession(h, 'editor');
  original = await h.db
    .selectFrom('widgets')
    .select(['content', 'hidden'])
    .where('locale', '=', 'sv')
    .where('slug', '=', 'store-message')
    .executeTakeFirstOrThrow();
  maxDeal = Number(
    (
      await h.db
        .selectFrom('deals')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
});

afterAll(async () => {
  await h.db.updateTable('widgets').set(original).where('locale', '=', 'sv').where('slug', '=', 'store-message').execute();
  await h.db.deleteFrom('content_drafts').where('kind', 'in', ['widget', 'deal']).where('locale', '=', 'sv').execute();
  await h.db.deleteFrom('content_versions').where('kind', 'in', ['widget', 'deal']).where('locale', '=', 'sv').execute();
  await h.db.deleteFrom('deals').where('id', '>', maxDeal).execute();
  await h.db.deleteFrom('calendar_doors').execute();
  await h.db.destroy();
});

const autosave = (body: Record<string, unknown>) =>
  request(`${ADMIN}/content/api/draft`, {
    method: 'POST',
    headers: { cookie: editor.cookie, origin: ADMIN, 'x-csrf-token': editor.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('widgets in the studio', () => {
  it('lists every storefront’s widgets', async () => {
    const r = await boGet('/content/widgets', editor.cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/data-testid="bo-widget-row" data-locale="sv" data-slug="store-message"/);
    expect(r.body).toMatch(/data-testid="bo-widget-row" data-locale="nl" data-slug="footer-columns"/);
  });

  it('names the 20-character rule for a short store message, and publishes the draft of the revision shown', async () => {
    const short = await autosave({ kind: 'widget', locale: 'sv', slug: 'store-message', bodyHtml: '<p>Kort text</p>', baseRevision: 0 });
    expect(short.status, short.body).toBe(200);
    expect(short.json<{ revision: number }>().revision).toBe(1);
    let page = await boGet(widgetPage, editor.cookie);
    expect(page.body).toContain('data-testid="bo-widget-not-shown"');
    const long = await autosave({
      kind: 'widget',
      locale: 'sv',
      slug: 'store-message',
      bodyHtml: '<p>Fri frakt hela helgen på alla <strong>filter</strong></p><script>alert(1)</script>',
      baseRevision: 1,
    });
    expect(long.status).toBe(200);
    page = await boGet(widgetPage, editor.cookie);
    expect(page.body).not.toContain('data-testid="bo-widget-not-shown"');
    const csrf = csrfOf(page.body);
    expect((await boPost(widgetPage, { _csrf: csrf, action: 'publish', revision: '1' }, editor.cookie)).status).toBe(409);
    const ok = await boPost(widgetPage, { _csrf: csrf, action: 'publish', revision: '2' }, editor.cookie);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`${widgetPage}?done=published_off`);
    const w = await h.db
      .selectFrom('widgets')
      .select('content')
      .where('locale', '=', 'sv')
      .where('slug', '=', 'store-message')
      .executeTakeFirstOrThrow();
    expect(w.content).toBe('<p>Fri frakt hela helgen på alla <strong>filter</strong></p>');
    // the widget API answers the new message at once
    const api = await request(`http://sv.localhost:${new URL(ADMIN).port}/api/widget-by-slug/store-message?locale=sv&sid=1`);
    expect(api.body).toContain('Fri frakt hela helgen');
    const audit = await h.db.selectFrom('staff_audit').select('action').where('subject_id', '=', 'sv:store-message').execute();
    expect(audit.map((a) => a.action)).toContain('content.widget_publish');
  });

  it('refuses an unknown widget', async () => {
    expect((await boGet('/content/widgets/sv/no-such-widget', editor.cookie)).status).toBe(404);
    const r = await autosave({ kind: 'widget', locale: 'sv', slug: 'no-such-widget', bodyHtml: '<p>x</p>', baseRevision: 0 });
    expect(r.status).toBe(400);
  });
});

describe('deals in the studio', () => {
  it('saves a deal draft with its window checked and publishes it as a banner', async () => {
    const product = await h.db
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
      .select('p.sku')
      .where('p.orderable', '=', 1)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const path = '/content/deals/sv/new';
    const form = await boGet(path, editor.cookie);
    expect(form.status).toBe(200);
    const csrf = csrfOf(form.body);
    const fields = {
      _csrf: csrf,
      action: 'save',
      title: 'Veckans fynd',
      sku: product.sku,
      discount: '25',
      startsAt: '2026-12-01T08:00',
      expiresAt: '2026-12-08T08:00',
    };
    const backwards = await boPost(path, { ...fields, expiresAt: '2026-11-30T08:00' }, editor.cookie);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toContain('bo-studio-error');
    expect((await boPost(path, { ...fields, sku: 'NO-SUCH-SKU' }, editor.cookie)).status).toBe(400);
    const saved = await boPost(path, fields, editor.cookie);
    expect(saved.status).toBe(303);
    const page = await boGet(`${path}?done=saved`, editor.cookie);
    expect(page.body).toContain('data-testid="bo-studio-preview-link"');
    const draft = await h.db
      .selectFrom('content_drafts')
      .selectAll()
      .where('kind', '=', 'deal')
      .where('locale', '=', 'sv')
      .where('key', '=', 'new')
      .executeTakeFirstOrThrow();
    // 08:00 in Stockholm in December is 07:00 UTC
    expect(JSON.parse(draft.deal!)).toMatchObject({ sku: product.sku, discount: 25, startsAt: '2026-12-01T07:00:00.000Z' });
    const published = await boPost(path, { _csrf: csrf, action: 'publish', revision: String(draft.revision) }, editor.cookie);
    expect(published.status).toBe(303);
    const deal = await h.db.selectFrom('deals').selectAll().where('id', '>', maxDeal).executeTakeFirstOrThrow();
    expect(deal).toMatchObject({
      locale: 'sv',
      title: 'Veckans fynd',
      starts_at: '2026-12-01T07:00:00.000Z',
      expires_at: '2026-12-08T07:00:00.000Z',
    });
    expect(published.headers.location).toBe(`/content/deals/sv/${deal.id}?done=published_off`);
    const list = await boGet('/content/deals', editor.cookie);
    expect(list.body).toMatch(new RegExp(`data-testid="bo-deal-row" data-locale="sv" data-id="${deal.id}" data-state="upcoming"`));
  });
});

describe('the Christmas calendar in the studio', () => {
  it('puts a chosen product behind a door after a confirm step, and refuses one not sold or chosen twice', async () => {
    const page = await boGet('/content/calendar?locale=sv', editor.cookie);
    expect(page.status).toBe(200);
    const doors = [...page.body.matchAll(/data-testid="bo-calendar-door" data-door="(\d+)" data-sku="([^"]+)" data-chosen="false"/g)];
    expect(doors).toHaveLength(24);
    const shown = new Set(doors.map((d) => d[2]));
    // an orderable sv product that no door shows yet
    const rows = await h.db
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
      .select(['p.sku'])
      .where('p.orderable', '=', 1)
      .orderBy('p.id', 'desc')
      .limit(50)
      .execute();
    const pick = rows.find((r) => !shown.has(r.sku))!.sku;
    const csrf = csrfOf(page.body);
    const fields = (door1: string, door2 = '') => ({ _csrf: csrf, locale: 'sv', door1, door2 });
    const unknown = await boPost('/content/calendar', fields('NO-SUCH-SKU'), editor.cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('NO-SUCH-SKU');
    expect((await boPost('/content/calendar', fields(pick, pick), editor.cookie)).status).toBe(400);
    const review = await boPost('/content/calendar', fields(pick), editor.cookie);
    expect(review.status).toBe(200);
    expect(review.body).toContain('data-testid="bo-confirm"');
    expect(await h.db.selectFrom('calendar_doors').selectAll().execute()).toEqual([]);
    const before = Number(
      (
        await h.db
          .selectFrom('catalogue_changes')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirst()
      )?.seq ?? 0,
    );
    const done = await boPost('/content/calendar', { ...fields(pick), step: 'confirm' }, editor.cookie);
    expect(done.status).toBe(303);
    const chosen = await h.db.selectFrom('calendar_doors').select(['locale', 'door']).execute();
    expect(chosen).toEqual([{ locale: 'sv', door: 1 }]);
    const change = await h.db.selectFrom('catalogue_changes').select('tags').where('seq', '>', before).execute();
    expect(change.map((c) => c.tags).join()).toContain('calendar:sv');
    const after = await boGet('/content/calendar?locale=sv', editor.cookie);
    expect(after.body).toMatch(new RegExp(`data-door="1" data-sku="${pick}" data-chosen="true"`));
    // the automatic doors move up, without the chosen product twice
    expect([...after.body.matchAll(/data-sku="([^"]+)"/g)].filter((m) => m[1] === pick)).toHaveLength(1);
    const audit = await h.db
      .selectFrom('staff_audit')
      .select('action')
      .where('subject_id', '=', 'sv')
      .where('action', '=', 'content.calendar')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
