import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { saveDraft } from '#server/content/drafts-store.ts';
import { publishDraft, RebuildRunning, type RebuildControl } from '#server/content/publish-content.ts';
import { DealProductGone } from '#server/content/deal-drafts.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';

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

describe('publishDraft: deals', () => {
  let dealDb: Db;
  const started: string[] = [];
  const ctl = control(false, started);
  beforeAll(async () => {
    dealDb = openDb({ kind: 'sqlite', file: ':memory:' }).db;
    await migrate(dealDb);
    await writeCatalogue(dealDb, generateDemoCatalogue({ products: 6, now: new Date('2026-11-24T00:00:00Z') }));
  });
  afterAll(() => dealDb.destroy());
  const product = () =>
    dealDb
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .select(['p.id', 'p.sku', 't.name', 't.slug'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
  const fields = (sku: string) => ({
    kind: 'deal' as const,
    title: 'Veckans fynd',
    sku,
    discount: 25,
    startsAt: '2026-11-30T08:00:00+01:00',
    expiresAt: '2026-12-01T08:00:00+01:00',
    editor: 'ed',
  });

  it('a new deal: inserted with the product as the storefront sells it, the draft then edits that deal, and the rebuild starts', async () => {
    const p = await product();
    const before = await dealDb.selectFrom('deals').select('id').execute();
    const draft = await saveDraft(dealDb, 'sv', { ...fields(p.sku), key: 'new' });
    const out = await publishDraft(dealDb, draft, 'ed', ctl);
    expect(out.rebuild).toBe('started');
    expect(started).toEqual(['start']);
    const id = Math.max(0, ...before.map((d) => d.id)) + 1;
    expect(await dealDb.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      locale: 'sv',
      title: 'Veckans fynd',
      product_id: p.id,
      product_name: p.name,
      product_slug: p.slug,
      discount: 25,
      starts_at: '2026-11-30T07:00:00.000Z',
      expires_at: '2026-12-01T07:00:00.000Z',
    });
    expect((await dealDb.selectFrom('content_drafts').select('key').where('id', '=', draft.id).executeTakeFirstOrThrow()).key).toBe(
      String(id),
    );

    // the same draft edited again updates that deal, not a new one
    const again = await saveDraft(dealDb, 'sv', { ...fields(p.sku), key: String(id), discount: 40 });
    await publishDraft(dealDb, again, 'ed', ctl);
    expect((await dealDb.selectFrom('deals').select('discount').where('id', '=', id).executeTakeFirstOrThrow()).discount).toBe(40);
    expect(await dealDb.selectFrom('deals').select('id').execute()).toHaveLength(before.length + 1);
  });

  it('refuses a deal whose product is no longer sold, writing nothing', async () => {
    const p = await product();
    const draft = await saveDraft(dealDb, 'sv', { ...fields(p.sku), key: 'new', title: 'Borta' });
    await dealDb.deleteFrom('product_prices').where('product_id', '=', p.id).where('locale', '=', 'sv').execute();
    await expect(publishDraft(dealDb, draft, 'ed', ctl)).rejects.toBeInstanceOf(DealProductGone);
    expect(await dealDb.selectFrom('deals').select('id').where('title', '=', 'Borta').execute()).toEqual([]);
    expect(await dealDb.selectFrom('content_publish_log').select('id').where('draft_id', '=', draft.id).execute()).toEqual([]);
  });
});
