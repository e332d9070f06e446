/**
 * Redirects of moved content pages (src/server/content/redirects.ts) on a real database — SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set: no chains, no loops, a live address loses its redirect, storefronts apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { addRedirect, cachedRedirects, findRedirect } from '#server/content/redirects.ts';
import { ENGINES } from '../backoffice/backoffice-db.ts';

const at = new Date('2026-11-27T10:00:00.000Z');

describe.each(ENGINES)('content redirects on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await engine.open());
  });
  afterAll(() => close());

  const move = (from: string, to: string, locale: LocaleCode = 'sv') =>
    db.transaction().execute((trx) => addRedirect(trx, { locale, from, to, by: 'eva@example.com', at }));
  const all = async (locale: LocaleCode = 'sv') =>
    (
      await db.selectFrom('content_redirects').select(['from_slug', 'to_slug']).where('locale', '=', locale).orderBy('from_slug').execute()
    ).map((r) => `${r.from_slug}→${r.to_slug}`);

  it('records a move, and a further move re-points the earlier addresses straight to the newest', async () => {
    await move('a', 'b');
    expect(await findRedirect(db, 'sv', 'a')).toBe('b');
    await move('b', 'c');
    await move('c', 'nyheter/d');
    expect(await all()).toEqual(['a→nyheter/d', 'b→nyheter/d', 'c→nyheter/d']);
    expect(await findRedirect(db, 'sv', 'b')).toBe('nyheter/d');
    expect(await findRedirect(db, 'sv', 'nyheter/d')).toBeUndefined();
    const row = await db.selectFrom('content_redirects').selectAll().where('from_slug', '=', 'a').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ locale: 'sv', created_by: 'eva@example.com', created_at: at.toISOString() });
    // each move names its old address in the change feed: every node drops that page from its build
    const changes = await db.selectFrom('catalogue_changes').select(['tags', 'locales', 'reason', 'changed_by']).orderBy('seq').execute();
    expect(changes).toEqual(
      ['a', 'b', 'c'].map((slug) => ({ tags: `content:sv:${slug}`, locales: 'sv', reason: 'content', changed_by: 'eva@example.com' })),
    );
  });

  it('moving back to an old address makes it live again: its redirect goes, no loop forms', async () => {
    await move('nyheter/d', 'b');
    expect(await findRedirect(db, 'sv', 'b')).toBeUndefined();
    expect(await all()).toEqual(['a→b', 'c→b', 'nyheter/d→b']);
    for (const from of ['a', 'c', 'nyheter/d'])
      expect(await findRedirect(db, 'sv', await findRedirect(db, 'sv', from).then((t) => t!))).toBeUndefined();
  });

  it('keeps storefronts apart, and a move to the same address records nothing', async () => {
    await move('om', 'om-oss', 'no');
    await move('x', 'x', 'no');
    expect(await all('no')).toEqual(['om→om-oss']);
    expect(await findRedirect(db, 'sv', 'om')).toBeUndefined();
    expect(await findRedirect(db, 'da', 'om')).toBeUndefined();
  });

  it('the host’s cached look-up reads each address once per interval', async () => {
    let clock = 0;
    const lookup = cachedRedirects(db, 5000, 100, () => clock);
    expect(await lookup('no', 'om')).toBe('om-oss');
    expect(await lookup('no', 'saknas')).toBeUndefined();
    await move('om', 'ny-om', 'no');
    expect(await lookup('no', 'om')).toBe('om-oss'); // still the cached answer
    clock += 5000;
    expect(await lookup('no', 'om')).toBe('ny-om');
  });
});
