import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { saveDraft } from '#server/content/drafts-store.ts';
import { publishDraft, RebuildRunning, type RebuildControl } from '#server/content/publish-content.ts';

let db: Db;
beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await db.insertInto('widgets').values({ slug: 'store-message', locale: 'sv', content: '<p>old</p>', hidden: 0 }).execute();
  await db
    .insertInto('content_pages')
    .values({
      id: 1,
      locale: 'sv',
      slug: 'om-oss',
      title: 'Om oss',
      body_html: '<p>old</p>',
      meta_description: '',
      published: 1,
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
});
afterAll(() => db.destroy());

const control = (running: boolean, started: string[]): RebuildControl => ({
  running: () => running,
  start: () => (started.push('start'), 'started'),
});
const widget = () => db.selectFrom('widgets').select('content').where('slug', '=', 'store-message').executeTakeFirstOrThrow();

describe('publishDraft', () => {
  it('sanitizes on save and refuses to publish while a rebuild runs, changing nothing', async () => {
    const draft = await saveDraft(db, 'sv', {
      kind: 'widget',
      key: 'store-message',
      bodyHtml: '<p>new</p><script>x()</script>',
      hidden: false,
      editor: 'eve',
    });
    expect(draft.body_html).toBe('<p>new</p>');
    const started: string[] = [];
    await expect(publishDraft(db, draft, 'eve', control(true, started))).rejects.toBeInstanceOf(RebuildRunning);
    expect(started).toEqual([]);
    expect(await widget()).toEqual({ content: '<p>old</p>' });
    expect(await db.selectFrom('content_publish_log').select('id').execute()).toEqual([]);
  });

  it('copies the draft, logs who and when, and starts the rebuild once', async () => {
    const draft = await saveDraft(db, 'sv', { kind: 'widget', key: 'store-message', bodyHtml: '<p>new</p>', hidden: true, editor: 'eve' });
    const started: string[] = [];
    const at = new Date('2026-11-24T12:00:00.000Z');
    const out = await publishDraft(db, draft, 'eve', control(false, started), at);
    expect(out).toMatchObject({ publishedBy: 'eve', publishedAt: at.toISOString(), rebuild: 'started' });
    expect(started).toEqual(['start']);
    expect(await db.selectFrom('widgets').select(['content', 'hidden']).executeTakeFirstOrThrow()).toEqual({
      content: '<p>new</p>',
      hidden: 1,
    });
    const log = await db.selectFrom('content_publish_log').selectAll().execute();
    expect(log).toEqual([
      expect.objectContaining({ draft_id: draft.id, published_by: 'eve', published_at: at.toISOString(), rebuild: 'started' }),
    ]);
  });

  it('publishes a page without a rebuild, even while one runs: one change-feed row re-renders that page alone', async () => {
    const draft = await saveDraft(db, 'sv', {
      kind: 'page',
      key: 'om-oss',
      title: 'Om oss',
      bodyHtml: '<p>new</p>',
      metaDescription: '',
      editor: 'ed',
    });
    const started: string[] = [];
    const out = await publishDraft(db, draft, 'ed', control(true, started));
    expect(out.rebuild).toBe('incremental');
    expect(started).toEqual([]);
    expect(await db.selectFrom('content_pages').select('body_html').executeTakeFirstOrThrow()).toEqual({ body_html: '<p>new</p>' });
    expect(await db.selectFrom('catalogue_changes').select(['seq', 'tags', 'locales', 'reason', 'changed_by']).execute()).toEqual([
      { seq: 1, tags: 'content:sv:om-oss', locales: 'sv', reason: 'content', changed_by: 'ed' },
    ]);
    const log = await db.selectFrom('content_publish_log').select('rebuild').where('draft_id', '=', draft.id).execute();
    expect(log).toEqual([{ rebuild: 'incremental' }]);
  });
});
