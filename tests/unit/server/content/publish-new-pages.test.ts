/**
 * New pages published at the same moment (two editors, or two nodes' schedulers) on a real database — SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set: every publish succeeds with its own page id (the change feed's counter
 * row queues them before the next id is read; src/server/content/publish-content.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { saveDraft } from '#server/content/drafts-store.ts';
import { publishDraft, type RebuildControl } from '#server/content/publish-content.ts';
import { ENGINES } from '../backoffice/backoffice-db.ts';

const rebuild: RebuildControl = { running: () => false, start: () => 'off' };

describe.each(ENGINES)('new pages published at once on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await engine.open());
  });
  afterAll(() => close());

  it('each gets its own id; none is refused', async () => {
    const run = Date.now().toString(36);
    const drafts = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        saveDraft(db, 'sv', {
          kind: 'page',
          key: `samtidig-${run}-${n}`,
          title: `Sida ${n}`,
          bodyHtml: `<p>${n}</p>`,
          metaDescription: '',
          editor: 'Eva',
        }),
      ),
    );
    const results = await Promise.allSettled(drafts.map((d) => publishDraft(db, d, 'Eva', rebuild)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    const pages = await db.selectFrom('content_pages').select(['id', 'slug']).where('slug', 'like', `samtidig-${run}-%`).execute();
    expect(pages).toHaveLength(6);
    expect(new Set(pages.map((p) => p.id)).size).toBe(6);
  });
});
