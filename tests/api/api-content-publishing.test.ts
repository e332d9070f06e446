/**
 * The studio's publishing mechanics on a real server (docs/adr/0017-incremental-pages.md): a moved page's old
 * address answers 301 to the new one; an unpublished page leaves the served build (404) and comes back when
 * published again; a draft scheduled for now is published by the server's scheduler. A server of its own serves a
 * hard-linked copy of the test build (the test build itself is never written through), on the suite's database.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DbHandle } from '#server/db/connection.ts';
import { recordChange } from '#server/catalogue/change-feed.ts';
import { addRedirect } from '#server/content/redirects.ts';
import { saveDraft } from '#server/content/drafts-store.ts';
import { request } from '#tests/support/http.ts';
import { waitFor as waitUntil } from '#tests/support/wait-for.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { API_PORT, E2E_PORT, TEST_BUILD_DIR, TEST_DIR } from '#tests/support/test-env.ts';
import { openTestDb } from './api-support.ts';

const PORT = API_PORT + 5;
const BUILD = path.join(TEST_DIR, 'publishing-build');
const file = (dir: string, internalPath: string) => path.join(dir, 'client', ...internalPath.split('/').filter(Boolean), 'index.html');
const no = (p: string, headers: Record<string, string> = {}) => request(`http://no.localhost:${PORT}${p}`, { headers });

let h: DbHandle;
let server: RunningServer;

const waitFor = <T>(what: string, read: () => Promise<T | undefined>, ms = 15_000) => waitUntil(what, read, ms, () => server.output());

const contentChange = (slug: string) =>
  h.db
    .transaction()
    .execute((trx) => recordChange(trx, { tags: [`content:no:${slug}`], locales: ['no'], reason: 'content', changedBy: 'test' }));

beforeAll(async () => {
  h = openTestDb();
  fs.rmSync(BUILD, { recursive: true, force: true });
  if (spawnSync('cp', ['-al', TEST_BUILD_DIR, BUILD]).status !== 0) fs.cpSync(TEST_BUILD_DIR, BUILD, { recursive: true });
  server = await startServer({
    port: PORT,
    databaseUrl: inject('databaseUrl'),
    buildDir: BUILD,
    env: { PARTSFRONT_CHANGE_POLL_MS: '150', PARTSFRONT_SCHEDULE_POLL_MS: '200', PARTSFRONT_PUBLIC_PORT: String(E2E_PORT) },
  });
});

afterAll(async () => {
  await h.db.deleteFrom('content_redirects').where('locale', '=', 'no').execute();
  await h.db.updateTable('content_pages').set({ published: 1 }).where('locale', '=', 'no').where('slug', '=', 'personvern').execute();
  await h.db.deleteFrom('content_pages').where('locale', '=', 'no').where('slug', '=', 'planlagt').execute();
  await h.db
    .updateTable('content_pages')
    .set({ slug: 'tilgjengelighet' })
    .where('locale', '=', 'no')
    .where('slug', '=', 'om/tilgjengelighet')
    .execute();
  await h.db.deleteFrom('content_drafts').where('locale', '=', 'no').execute();
  await h.db.deleteFrom('content_publish_log').where('locale', '=', 'no').execute();
  await server?.stop();
  await h.db.destroy();
  fs.rmSync(BUILD, { recursive: true, force: true });
});

describe('a moved page’s old address', () => {
  it('answers 301 to the new address (query kept) in its own storefront only; an unknown address stays a 404', async () => {
    await h.db
      .transaction()
      .execute((trx) =>
        addRedirect(trx, { locale: 'no', from: 'gammel/retur', to: 'kundeservice/retur', by: 'eva@example.com', at: new Date() }),
      );
    const moved = await no('/gammel/retur?utm_source=nyhetsbrev');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/kundeservice/retur?utm_source=nyhetsbrev');
    expect(moved.headers['cache-control']).toBe('public, max-age=3600');
    const target = await no('/kundeservice/retur');
    expect(target.status).toBe(200);
    expect((await request(`http://sv.localhost:${PORT}/gammel/retur`)).status).toBe(404);
    const unknown = await no('/finnes/ikke');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/); // the storefront's own 404 page
  });
});

describe('a page moved to another address', () => {
  it('is answered at the new address, and the old one leaves the build and answers 301 there, within seconds', async () => {
    expect((await no('/tilgjengelighet')).status).toBe(200);
    // the rename as the studio does it: the page row moves, the redirect is left, the new address is published
    await h.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('content_pages')
        .set({ slug: 'om/tilgjengelighet' })
        .where('locale', '=', 'no')
        .where('slug', '=', 'tilgjengelighet')
        .execute();
      await addRedirect(trx, { locale: 'no', from: 'tilgjengelighet', to: 'om/tilgjengelighet', by: 'eva@example.com', at: new Date() });
      await recordChange(trx, { tags: ['content:no:om/tilgjengelighet'], locales: ['no'], reason: 'content', changedBy: 'test' });
    });
    const moved = await waitFor('the old address to redirect', async () => {
      const r = await no('/tilgjengelighet');
      return r.status === 301 ? r : undefined;
    });
    expect(moved.headers.location).toBe('/om/tilgjengelighet');
    const page = await waitFor('the new address', async () => {
      const r = await no('/om/tilgjengelighet');
      return r.status === 200 ? r : undefined;
    });
    const h1 = /<h1>[^<]+<\/h1>/.exec(fs.readFileSync(file(TEST_BUILD_DIR, '/no/content/tilgjengelighet'), 'utf8'))![0];
    expect(page.body).toContain(h1);
    expect(fs.existsSync(file(BUILD, '/no/content/tilgjengelighet'))).toBe(false);
  });
});

describe('an unpublished page', () => {
  it('leaves the served build within seconds (404), its redirect then answers, and it comes back when published again', async () => {
    const page = '/no/content/personvern';
    expect((await no('/personvern')).status).toBe(200);
    await h.db.updateTable('content_pages').set({ published: 0 }).where('locale', '=', 'no').where('slug', '=', 'personvern').execute();
    await contentChange('personvern');
    await waitFor('the page to leave the build', async () => ((await no('/personvern')).status === 404 ? true : undefined));
    // the HTML goes first (a request then finds no page), its compressed twins right after
    await waitFor('the compressed twins to leave the build', async () =>
      ['', '.br', '.gz'].every((suffix) => !fs.existsSync(file(BUILD, page) + suffix)) ? true : undefined,
    );
    // the hard-linked test build keeps its page and its tag index
    expect(fs.existsSync(file(TEST_BUILD_DIR, page))).toBe(true);
    expect(fs.readFileSync(path.join(TEST_BUILD_DIR, 'page-tags.ndjson'), 'utf8')).not.toContain('"gone"');
    expect(fs.readFileSync(path.join(BUILD, 'page-tags.ndjson'), 'utf8')).toContain(JSON.stringify({ p: page, gone: true }));
    expect(server.output()).not.toContain('render answered 404');

    // moved elsewhere: the old address now leads there (the host's look-up is cached a few seconds)
    await h.db
      .transaction()
      .execute((trx) => addRedirect(trx, { locale: 'no', from: 'personvern', to: 'om-oss', by: 'eva@example.com', at: new Date() }));
    const moved = await waitFor('the redirect', async () => {
      const r = await no('/personvern');
      return r.status === 301 ? r : undefined;
    });
    expect(moved.headers.location).toBe('/om-oss');

    // published again at its address: the redirect goes, the page is rendered into the build again
    await h.db.deleteFrom('content_redirects').where('locale', '=', 'no').where('from_slug', '=', 'personvern').execute();
    await h.db.updateTable('content_pages').set({ published: 1 }).where('locale', '=', 'no').where('slug', '=', 'personvern').execute();
    await contentChange('personvern');
    const back = await waitFor('the page back', async () => {
      const r = await no('/personvern', { 'accept-encoding': 'br' });
      return r.status === 200 ? r : undefined;
    });
    expect(back.headers['content-type']).toMatch(/^text\/html/);
    expect(back.headers['content-encoding']).toBe('br');
    const h1 = /<h1>[^<]+<\/h1>/.exec(fs.readFileSync(file(TEST_BUILD_DIR, page), 'utf8'))![0];
    expect(fs.readFileSync(file(BUILD, page), 'utf8')).toContain(h1);
  });
});

describe('a scheduled draft', () => {
  it('is published by the server’s scheduler once due, as the staff member who scheduled it, and audited', async () => {
    const draft = await saveDraft(h.db, 'no', {
      kind: 'page',
      key: 'planlagt',
      title: 'Planlagt side',
      bodyHtml: '<p>Publisert av planleggeren.</p>',
      metaDescription: '',
      editor: 'eva@example.com',
    });
    expect((await no('/planlagt')).status).toBe(404);
    await h.db
      .updateTable('content_drafts')
      .set({ publish_at: new Date(Date.now() - 1000).toISOString(), scheduled_by: 'eva@example.com' })
      .where('id', '=', draft.id)
      .execute();
    const html = await waitFor('the scheduled page', async () => {
      const r = await no('/planlagt');
      return r.status === 200 ? r.body : undefined;
    });
    expect(html).toContain('<h1>Planlagt side</h1>');
    expect(html).toContain('<p>Publisert av planleggeren.</p>');
    const log = await h.db.selectFrom('content_publish_log').selectAll().where('draft_id', '=', draft.id).execute();
    expect(log).toEqual([expect.objectContaining({ published_by: 'eva@example.com', rebuild: 'incremental' })]);
    expect(
      await h.db.selectFrom('content_drafts').select(['publish_at', 'scheduled_by']).where('id', '=', draft.id).executeTakeFirstOrThrow(),
    ).toEqual({ publish_at: null, scheduled_by: null });
    const audit = await h.db
      .selectFrom('staff_audit')
      .select(['action', 'actor_email', 'subject_type', 'subject_id'])
      .where('subject_id', '=', 'page:no:planlagt')
      .execute();
    expect(audit).toEqual([
      { action: 'content.publish', actor_email: 'eva@example.com', subject_type: 'content', subject_id: 'page:no:planlagt' },
    ]);
  });
});
