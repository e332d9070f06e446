/**
 * Scheduled publishing (src/server/content/scheduled-publishing.ts) on a real database — SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set: two nodes polling at the same moment publish a due draft once; a draft scheduled
 * later stays; a failed publish puts the schedule back; the audit entry names the staff member who scheduled it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { saveDraft } from '#server/content/drafts-store.ts';
import type { RebuildControl } from '#server/content/publish-content.ts';
import { publishDueDrafts, schedulePollMs, type ScheduledPublish } from '#server/content/scheduled-publishing.ts';
import { auditScheduledPublish } from '#builds/scheduled-publishing-poll.ts';
import { ENGINES } from '../backoffice/backoffice-db.ts';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const rebuild = (running = false): RebuildControl => ({ running: () => running, start: () => 'off' });
const quiet = () => {
  const lines: { msg: string; obj: Record<string, unknown> }[] = [];
  const log = { info: (obj: unknown, msg?: string) => lines.push({ obj: obj as Record<string, unknown>, msg: msg ?? '' }) };
  return { lines, log: { info: log.info, error: log.info } as unknown as Parameters<typeof publishDueDrafts>[3] };
};

describe('schedulePollMs', () => {
  it('defaults to 5 s, 0 turns it off, at least 100 ms', () => {
    expect(schedulePollMs({})).toBe(5000);
    expect(schedulePollMs({ PARTSFRONT_SCHEDULE_POLL_MS: '0' })).toBe(0);
    expect(schedulePollMs({ PARTSFRONT_SCHEDULE_POLL_MS: '20' })).toBe(100);
    expect(schedulePollMs({ PARTSFRONT_SCHEDULE_POLL_MS: 'x' })).toBe(0);
  });
});

describe.each(ENGINES)('scheduled publishing on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await engine.open());
  });
  afterAll(() => close());

  async function schedule(slug: string, at: string, by = 'eva@example.com', kind: 'page' | 'widget' = 'page') {
    const draft =
      kind === 'page'
        ? await saveDraft(db, 'sv', {
            kind,
            key: slug,
            title: `Titel ${slug}`,
            bodyHtml: `<p>${slug}</p>`,
            metaDescription: '',
            editor: 'Eva',
          })
        : await saveDraft(db, 'sv', { kind, key: slug as 'cart-header', bodyHtml: `<p>${slug}</p>`, hidden: false, editor: 'Eva' });
    await db.updateTable('content_drafts').set({ publish_at: at, scheduled_by: by }).where('id', '=', draft.id).execute();
    return draft.id;
  }
  const draftRow = (id: string) =>
    db.selectFrom('content_drafts').select(['publish_at', 'scheduled_by']).where('id', '=', id).executeTakeFirstOrThrow();
  const logRows = (key: string) => db.selectFrom('content_publish_log').selectAll().where('key', '=', key).execute();
  const page = (slug: string) =>
    db.selectFrom('content_pages').select(['title', 'body_html', 'published']).where('slug', '=', slug).executeTakeFirst();

  it('two nodes polling at once publish a due draft exactly once, as the editor who scheduled it', async () => {
    const id = await schedule('kampanj', '2026-11-27T09:59:00.000Z');
    const audited: ScheduledPublish[] = [];
    const a = quiet();
    const b = quiet();
    const [ra, rb] = await Promise.all([
      publishDueDrafts(db, NOW, rebuild(), a.log, async (p) => void audited.push(p)),
      publishDueDrafts(db, NOW, rebuild(), b.log, async (p) => void audited.push(p)),
    ]);
    expect(ra.published.length + rb.published.length).toBe(1);
    // the other node either saw it claimed (skipped) or no longer saw it due
    expect([...ra.skipped, ...rb.skipped].length).toBeLessThanOrEqual(1);
    expect(await logRows('kampanj')).toEqual([
      expect.objectContaining({ draft_id: id, published_by: 'eva@example.com', published_at: NOW.toISOString() }),
    ]);
    expect(await page('kampanj')).toEqual({ title: 'Titel kampanj', body_html: '<p>kampanj</p>', published: 1 });
    expect(await draftRow(id)).toEqual({ publish_at: null, scheduled_by: null });
    expect(audited).toEqual([
      expect.objectContaining({
        draftId: id,
        kind: 'page',
        locale: 'sv',
        key: 'kampanj',
        scheduledBy: 'eva@example.com',
        publishAt: '2026-11-27T09:59:00.000Z',
      }),
    ]);
    // the change feed names the page once: every node re-renders it
    const changes = await db.selectFrom('catalogue_changes').select('tags').where('tags', '=', 'content:sv:kampanj').execute();
    expect(changes).toHaveLength(1);
    // a later poll finds nothing more
    const again = await publishDueDrafts(db, new Date(NOW.getTime() + 60_000), rebuild(), quiet().log);
    expect(again).toEqual({ published: [], skipped: [], failed: [] });
    expect(await logRows('kampanj')).toHaveLength(1);
  });

  it('three nodes polling at once over several due drafts publish each exactly once', async () => {
    const slugs = ['s1', 's2', 's3', 's4', 's5', 's6'];
    for (const [i, slug] of slugs.entries()) await schedule(slug, `2026-11-27T09:0${i}:00.000Z`);
    // new pages published at once by several nodes may collide on content_pages.id (publishDraft takes the next id):
    // such a publish fails, its schedule is put back, and a later poll publishes it
    const published: string[] = [];
    for (let round = 0; round < 5 && published.length < slugs.length; round++) {
      const reports = await Promise.all([1, 2, 3].map(() => publishDueDrafts(db, NOW, rebuild(), quiet().log)));
      published.push(...reports.flatMap((r) => r.published.map((p) => p.key)));
    }
    expect(published.sort()).toEqual(slugs);
    for (const slug of slugs) expect(await logRows(slug), slug).toHaveLength(1);
    for (const slug of slugs) expect(await page(slug), slug).toMatchObject({ title: `Titel ${slug}`, published: 1 });
  });

  it('leaves a draft scheduled for later, and publishes it once it is due', async () => {
    const id = await schedule('senare', '2026-11-27T10:00:00.001Z');
    expect((await publishDueDrafts(db, NOW, rebuild(), quiet().log)).published).toEqual([]);
    expect(await draftRow(id)).toEqual({ publish_at: '2026-11-27T10:00:00.001Z', scheduled_by: 'eva@example.com' });
    expect(await page('senare')).toBeUndefined();
    const later = await publishDueDrafts(db, new Date('2026-11-27T10:00:00.001Z'), rebuild(), quiet().log);
    expect(later.published.map((p) => p.key)).toEqual(['senare']);
    expect(await page('senare')).toMatchObject({ title: 'Titel senare' });
  });

  it('a publish that fails puts the schedule back and logs why; the next poll publishes it', async () => {
    await db.insertInto('widgets').values({ slug: 'cart-header', locale: 'sv', content: '<p>old</p>', hidden: 0 }).execute();
    const id = await schedule('cart-header', '2026-11-27T09:00:00.000Z', 'lars@example.com', 'widget');
    const failing = quiet();
    const r = await publishDueDrafts(db, NOW, rebuild(true), failing.log); // a rebuild runs: a widget waits
    expect(r).toEqual({ published: [], skipped: [], failed: [id] });
    expect(failing.lines).toEqual([expect.objectContaining({ msg: 'scheduled publish failed; the schedule stays and is tried again' })]);
    expect(await draftRow(id)).toEqual({ publish_at: '2026-11-27T09:00:00.000Z', scheduled_by: 'lars@example.com' });
    expect(await logRows('cart-header')).toEqual([]);
    const next = await publishDueDrafts(db, NOW, rebuild(false), quiet().log);
    expect(next.published.map((p) => [p.key, p.scheduledBy, p.rebuild])).toEqual([['cart-header', 'lars@example.com', 'off']]);
    expect(await db.selectFrom('widgets').select('content').where('slug', '=', 'cart-header').executeTakeFirstOrThrow()).toEqual({
      content: '<p>cart-header</p>',
    });
  });

  it('writes the audit entry as the staff member who scheduled it (by e-mail), or names the e-mail when there is none', async () => {
    await db
      .insertInto('staff_users')
      .values({
        id: 'staff-eva',
        email: 'eva@example.com',
        name: 'Eva',
        role: 'editor',
        locale: 'sv',
        password_hash: 'x',
        totp_secret: null,
        totp_enabled: 0,
        disabled_at: null,
        created_at: NOW.toISOString(),
      })
      .execute();
    const entry: ScheduledPublish = {
      draftId: 'd1',
      kind: 'page',
      locale: 'sv',
      key: 'kampanj',
      scheduledBy: 'Eva@Example.com',
      publishAt: '2026-11-27T09:59:00.000Z',
      publishedAt: NOW.toISOString(),
      rebuild: 'incremental',
    };
    await auditScheduledPublish(db, entry);
    await auditScheduledPublish(db, { ...entry, scheduledBy: 'gone@example.com' });
    const rows = await db.selectFrom('staff_audit').selectAll().where('action', '=', 'content.publish').orderBy('actor_email').execute();
    expect(rows.map((r) => [r.staff_id, r.actor_email, r.subject_type, r.subject_id, r.at])).toEqual([
      ['staff-eva', 'eva@example.com', 'content', 'page:sv:kampanj', NOW.toISOString()],
      [null, 'gone@example.com', 'content', 'page:sv:kampanj', NOW.toISOString()],
    ]);
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({
      scheduled: true,
      publishAt: '2026-11-27T09:59:00.000Z',
      publishedAt: NOW.toISOString(),
      rebuild: 'incremental',
    });
  });
});
