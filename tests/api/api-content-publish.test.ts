/**
 * Content editing (docs/product/content-editing.md): drafts beside the published pages and widgets, signed
 * expiring preview links on /page-preview, publishing with a log row. The suite's server has no
 * PARTSFRONT_REBUILD_TOKEN, so a publish records rebuild "off" and starts no build here.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { signPreview } from '#server/content/preview-signature.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { request } from '#tests/support/http.ts';
import { TEST_EDITOR, TEST_EDITOR_TOKEN, TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { api, openTestDb, raw } from './api-support.ts';

const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const send = (method: string, path: string, body: unknown, headers: Record<string, string> = AUTH, locale: 'sv' | 'no' = 'sv') =>
  request(api(path, locale), { method, body: JSON.stringify(body), headers });

let h: DbHandle;
const widget = async (locale: string, slug: string) =>
  (await request(api(`/api/widget-by-slug/${slug}`, locale as 'sv'))).json<{ content: string; hidden: boolean }>();
const page = (locale: string, slug: string) =>
  h.db
    .selectFrom('content_pages')
    .select(['title', 'body_html'])
    .where('locale', '=', locale)
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();

let saved: { widgets: { slug: string; locale: string; content: string; hidden: number }[]; page: { title: string; body_html: string } };

beforeAll(async () => {
  h = openTestDb();
  saved = {
    widgets: await h.db
      .selectFrom('widgets')
      .select(['slug', 'locale', 'content', 'hidden'])
      .where('slug', 'in', ['store-message', 'store-message-footer', 'cart-footer'])
      .execute(),
    page: await page('sv', 'om-oss'),
  };
});

afterAll(async () => {
  for (const w of saved.widgets)
    await h.db
      .updateTable('widgets')
      .set({ content: w.content, hidden: w.hidden })
      .where('slug', '=', w.slug)
      .where('locale', '=', w.locale)
      .execute();
  await h.db.updateTable('content_pages').set(saved.page).where('locale', '=', 'sv').where('slug', '=', 'om-oss').execute();
  await h.db.deleteFrom('content_drafts').execute();
  await h.db.deleteFrom('content_publish_log').execute();
  await h.db.destroy();
});

describe('content editing API', () => {
  it('refuses every call without the operator token, or with a wrong one (401)', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }] as Record<string, string>[]) {
      const draft = await send(
        'PUT',
        '/api/content/drafts',
        { kind: 'widget', key: 'store-message', bodyHtml: 'x', editor: 'eve' },
        headers,
      );
      const publish = await send('POST', '/api/content/publish', { draftId: crypto.randomUUID(), editor: 'eve' }, headers);
      for (const r of [draft, publish]) {
        expect(r.status).toBe(401);
        expect(apiErrorSchema.parse(r.json()).error.code).toBe('unauthorized');
      }
    }
    expect(await h.db.selectFrom('content_drafts').select('id').execute()).toEqual([]);
  });

  it('answers bad input with 400, an address another page answers with 400, unknown drafts with 404', async () => {
    const bad = await send('PUT', '/api/content/drafts', { kind: 'widget', key: 'no-such-widget', bodyHtml: 'x', editor: 'eve' });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.code).toBe('invalid_request');
    // a page the storefront does not have yet is a new page, unless another page answers its address
    const fresh = await send('PUT', '/api/content/drafts', { kind: 'page', key: 'no-such-page', title: 'T', bodyHtml: 'x', editor: 'eve' });
    expect(fresh.status).toBe(200);
    expect(fresh.json().draft).toMatchObject({ kind: 'page', key: 'no-such-page', title: 'T' });
    for (const key of ['kategori/stad', 'sok', 'checkout']) {
      const taken = await send('PUT', '/api/content/drafts', { kind: 'page', key, title: 'T', bodyHtml: 'x', editor: 'eve' });
      expect(taken.status, key).toBe(400);
      expect(apiErrorSchema.parse(taken.json()).error).toMatchObject({ code: 'invalid_request', field: 'key' });
    }
    const unknownDraft = await send('POST', '/api/content/preview-link', { draftId: crypto.randomUUID() });
    expect(unknownDraft.status).toBe(404);
  });

  it('saves a sanitized draft, previews it with a signed link and publishes it with a log row', async () => {
    const before = await widget('sv', 'store-message');
    const res = await send('PUT', '/api/content/drafts', {
      kind: 'widget',
      key: 'store-message',
      bodyHtml: '<p onclick="steal()">Fri frakt i <strong>helgen</strong></p><script>alert(1)</script>',
      editor: 'eve',
    });
    expect(res.status).toBe(200);
    const { draft } = res.json<{ draft: { id: string; bodyHtml: string; updatedBy: string } }>();
    expect(draft.bodyHtml).toBe('<p>Fri frakt i <strong>helgen</strong></p>');
    expect(draft.updatedBy).toBe('eve');
    const stored = await h.db.selectFrom('content_drafts').select('body_html').where('id', '=', draft.id).executeTakeFirstOrThrow();
    expect(stored.body_html).not.toMatch(/script|onclick/i);
    // A draft changes nothing the shoppers see.
    expect(await widget('sv', 'store-message')).toEqual(before);

    const link = await send('POST', '/api/content/preview-link', { draftId: draft.id });
    expect(link.status).toBe(200);
    const { href, expiresAt } = link.json<{ href: string; expiresAt: string }>();
    expect(href).toMatch(/^\/page-preview\?/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(3500_000);
    const preview = await request(raw(href));
    expect(preview.status).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.body).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(preview.body).toContain('data-testid="preview-banner"');
    expect(preview.body).toContain('Fri frakt i <strong>helgen</strong>');
    expect(preview.body).not.toContain('alert(1)');

    const published = await send('POST', '/api/content/publish', { draftId: draft.id, editor: 'eve' });
    expect(published.status).toBe(200);
    expect(published.json().published).toMatchObject({ publishedBy: 'eve', rebuild: 'off' });
    const log = await h.db.selectFrom('content_publish_log').selectAll().where('draft_id', '=', draft.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ kind: 'widget', locale: 'sv', key: 'store-message', published_by: 'eve', rebuild: 'off' });
    expect((await widget('sv', 'store-message')).content).toBe('<p>Fri frakt i <strong>helgen</strong></p>');
    // Neighbours: the other widget of the storefront and the same widget of another storefront.
    for (const w of saved.widgets.filter((x) => !(x.slug === 'store-message' && x.locale === 'sv')))
      if (['sv', 'no'].includes(w.locale)) expect((await widget(w.locale, w.slug)).content).toBe(w.content);
  });

  it('publishes a content page draft into content_pages of its storefront only', async () => {
    const noBefore = await page('no', 'om-oss');
    const res = await send('PUT', '/api/content/drafts', {
      kind: 'page',
      key: 'om-oss',
      title: 'Om oss (ny)',
      bodyHtml: '<h2>Ny text</h2>',
      editor: 'ed',
    });
    const { draft } = res.json<{ draft: { id: string } }>();
    expect(await page('sv', 'om-oss')).toEqual(saved.page);
    const preview = await request(
      raw((await send('POST', '/api/content/preview-link', { draftId: draft.id })).json<{ href: string }>().href),
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('<h1>Om oss (ny)</h1>');
    expect(preview.body).toContain('<h2>Ny text</h2>');
    // Another storefront cannot read or publish this draft by its id.
    expect((await send('POST', '/api/content/publish', { draftId: draft.id, editor: 'ed' }, AUTH, 'no')).status).toBe(404);
    expect((await send('POST', '/api/content/publish', { draftId: draft.id, editor: 'ed' })).status).toBe(200);
    expect(await page('sv', 'om-oss')).toEqual({ title: 'Om oss (ny)', body_html: '<h2>Ny text</h2>' });
    expect(await page('no', 'om-oss')).toEqual(noBefore);
  });
});

describe('/page-preview refuses links it did not sign for this storefront', () => {
  let href = '';
  let draftId = '';
  beforeAll(async () => {
    const res = await send('PUT', '/api/content/drafts', {
      kind: 'widget',
      key: 'store-message-footer',
      bodyHtml: '<p>Hemligt utkast</p>',
      editor: 'eve',
    });
    draftId = res.json<{ draft: { id: string } }>().draft.id;
    href = (await send('POST', '/api/content/preview-link', { draftId })).json<{ href: string }>().href;
  });

  const refused = (r: { status: number; body: string; headers: Record<string, unknown> }) => {
    expect(r.status).toBe(403);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain('data-testid="preview-refused"');
    expect(r.body).not.toContain('Hemligt utkast');
  };

  it('a missing or forged signature', async () => {
    refused(await request(raw('/page-preview')));
    const q = new URLSearchParams(href.split('?')[1]);
    q.set(
      'sig',
      q.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    );
    refused(await request(raw(`/page-preview?${q}`)));
    const later = new URLSearchParams(href.split('?')[1]);
    later.set('exp', String(Number(later.get('exp')) + 86400));
    refused(await request(raw(`/page-preview?${later}`)));
  });

  it('an expired link, signed with the server key', async () => {
    const row = await h.db.selectFrom('shared_secrets').select('secret').where('name', '=', 'auth_tokens').executeTakeFirstOrThrow();
    const key = createHmac('sha256', row.secret).update('partsfront content preview').digest('hex');
    const exp = Math.floor(Date.now() / 1000) - 1;
    const valid = Math.floor(Date.now() / 1000) + 600;
    // The same key signs a still-valid link that opens: the expired one fails only for its expiry.
    const ok = await request(
      raw(`/page-preview?draft=${draftId}&locale=sv&exp=${valid}&sig=${signPreview(key, { draftId, locale: 'sv', expires: valid })}`),
    );
    expect(ok.status).toBe(200);
    refused(
      await request(
        raw(`/page-preview?draft=${draftId}&locale=sv&exp=${exp}&sig=${signPreview(key, { draftId, locale: 'sv', expires: exp })}`),
      ),
    );
  });

  it('a link opened on another storefront', async () => {
    refused(await request(raw(href, 'no')));
  });
});

describe('deal drafts', () => {
  const start = new Date(Date.now() - 3600_000).toISOString();
  const end = new Date(Date.now() + 2 * 86_400_000).toISOString();
  let created: number | undefined;
  afterAll(async () => {
    if (created !== undefined) await h.db.deleteFrom('deals').where('id', '=', created).execute();
  });

  it('refuses bad deals: no discount, an end before the start, an unknown deal (404) or a product not sold here (400)', async () => {
    const sku = (await h.db.selectFrom('products').select('sku').orderBy('id').executeTakeFirstOrThrow()).sku;
    const deal = { kind: 'deal', key: 'new', title: 'Veckans fynd', sku, discount: 20, startsAt: start, expiresAt: end, editor: 'ed' };
    for (const bad of [
      { ...deal, discount: 0 },
      { ...deal, discount: 120 },
      { ...deal, expiresAt: start, startsAt: end },
      { ...deal, startsAt: 'tomorrow' },
      { ...deal, key: 'latest' },
    ]) {
      const r = await send('PUT', '/api/content/drafts', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(apiErrorSchema.parse(r.json()).error.code).toBe('invalid_request');
    }
    expect((await send('PUT', '/api/content/drafts', { ...deal, key: '999999' })).status).toBe(404);
    const unsold = await send('PUT', '/api/content/drafts', { ...deal, sku: 'NO-SUCH-SKU' });
    expect(unsold.status).toBe(400);
    expect(apiErrorSchema.parse(unsold.json()).error).toMatchObject({ code: 'invalid_request', field: 'sku' });
  });

  it('a new deal previews as its banner and publishes into the storefront’s deals', async () => {
    const p = await h.db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .select(['p.id', 'p.sku', 't.name', 't.slug'])
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow();
    const saved = await send('PUT', '/api/content/drafts', {
      kind: 'deal',
      key: 'new',
      title: 'Helgfynd',
      sku: p.sku,
      discount: 30,
      startsAt: start,
      expiresAt: end,
      editor: 'ed',
    });
    expect(saved.status).toBe(200);
    const { draft } = saved.json<{ draft: { id: string; deal: { sku: string; discount: number } } }>();
    expect(draft.deal).toMatchObject({ sku: p.sku, discount: 30 });
    expect(await h.db.selectFrom('deals').select('id').where('title', '=', 'Helgfynd').execute()).toEqual([]);

    const link = (await send('POST', '/api/content/preview-link', { draftId: draft.id })).json<{ href: string }>().href;
    const preview = await request(raw(link));
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('data-testid="preview-deal"');
    expect(preview.body).toContain(`Helgfynd: ${p.name} −30 %`);
    expect(preview.body).toContain(`href="/produkt/${p.slug}"`);

    const published = await send('POST', '/api/content/publish', { draftId: draft.id, editor: 'ed' });
    expect(published.status).toBe(200);
    expect(published.json().published).toMatchObject({ publishedBy: 'ed', rebuild: 'off' });
    const row = await h.db.selectFrom('deals').selectAll().where('title', '=', 'Helgfynd').executeTakeFirstOrThrow();
    created = row.id;
    expect(row).toMatchObject({ locale: 'sv', product_id: p.id, product_name: p.name, product_slug: p.slug, discount: 30 });
    expect(row.starts_at).toBe(start);
    expect(row.expires_at).toBe(end);
    const log = await h.db.selectFrom('content_publish_log').selectAll().where('draft_id', '=', draft.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ kind: 'deal', key: String(row.id), published_by: 'ed', rebuild: 'off' });
  });
});

describe('editors with their own token', () => {
  const EDITOR = { authorization: `Bearer ${TEST_EDITOR_TOKEN}` };
  it("records the token's editor, whatever name the request gives; the operator token must name one", async () => {
    const saved = await send('PUT', '/api/content/drafts', { kind: 'widget', key: 'cart-footer', bodyHtml: '<p>Tack!</p>' }, EDITOR);
    expect(saved.status).toBe(200);
    const { draft } = saved.json<{ draft: { id: string; updatedBy: string } }>();
    expect(draft.updatedBy).toBe(TEST_EDITOR);
    const published = await send('POST', '/api/content/publish', { draftId: draft.id, editor: 'mallory' }, EDITOR);
    expect(published.status).toBe(200);
    expect(published.json().published).toMatchObject({ publishedBy: TEST_EDITOR });
    const log = await h.db
      .selectFrom('content_publish_log')
      .select('published_by')
      .where('draft_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(log.published_by).toBe(TEST_EDITOR);
    expect((await send('POST', '/api/content/preview-link', { draftId: draft.id }, EDITOR)).status).toBe(200);

    const nameless = await send('PUT', '/api/content/drafts', { kind: 'widget', key: 'cart-footer', bodyHtml: '<p>x</p>' });
    expect(nameless.status).toBe(400);
    expect(apiErrorSchema.parse(nameless.json()).error).toMatchObject({ code: 'invalid_request', field: 'editor' });
  });
});
