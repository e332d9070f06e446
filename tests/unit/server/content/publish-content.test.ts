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
});
