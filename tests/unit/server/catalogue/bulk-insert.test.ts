/**
 * The import's multi-row INSERTs (bulk-insert.ts): one statement text per table, columns and row count, in each
 * engine's placeholders; rows of another shape or with an undefined value go through Kysely's builder (DEFAULT),
 * and every row lands, more than one statement's worth included, on SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { BATCH, insertRows, insertText, rowValues } from '#server/catalogue/bulk-insert.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';

describe('insertText and rowValues', () => {
  it('makes one text per shape, with the engine placeholders', () => {
    expect(insertText('tags', ['id'], 2, false)).toBe('INSERT INTO "tags" ("id") VALUES (?), (?)');
    expect(insertText('t', ['a', 'b'], 2, true)).toBe('INSERT INTO "t" ("a", "b") VALUES ($1, $2), ($3, $4)');
    expect(insertText('t', ['a', 'b'], 2, true)).toBe(insertText('t', ['a', 'b'], 2, true));
  });

  it('gives the values in column order, or null for another shape or an undefined value', () => {
    expect(
      rowValues(
        [
          { a: 1, b: 'x' },
          { b: 'y', a: 2 },
        ],
        ['a', 'b'],
      ),
    ).toEqual([1, 'x', 2, 'y']);
    expect(rowValues([{ a: 1, b: null }], ['a', 'b'])).toEqual([1, null]);
    expect(rowValues([{ a: 1 }], ['a', 'b'])).toBeNull();
    expect(rowValues([{ a: 1, c: 2 }], ['a', 'b'])).toBeNull();
    expect(rowValues([{ a: 1, b: 2, c: 3 }], ['a', 'b'])).toBeNull();
    expect(rowValues([{ a: 1, b: undefined }], ['a', 'b'])).toBeNull();
  });
});

for (const engine of ENGINES) {
  describe(`insertRows on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await engine.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('inserts every row, over several statements and through the fallback alike', async () => {
      const n = BATCH * 2 + 7;
      await insertRows(
        db,
        'tags',
        Array.from({ length: n }, (_, i) => ({ id: i + 1 })),
      );
      await insertRows(
        db,
        'tag_translations',
        Array.from({ length: n }, (_, i) => ({ tag_id: i + 1, locale: 'sv', name: `Tag ${i + 1}`, slug: `tag-${i + 1}` })),
      );
      // published undefined: the column's default, as Kysely's values() gives it
      await insertRows(db, 'content_pages', [
        {
          id: 1,
          locale: 'sv',
          slug: 'a',
          title: 'A',
          body_html: '<p>a</p>',
          updated_at: '2026-01-01T00:00:00.000Z',
          meta_description: 'm',
          published: undefined as unknown as number,
        },
      ]);
      const tags = await db.selectFrom('tag_translations').select(['tag_id', 'name']).orderBy('tag_id').execute();
      expect(tags).toHaveLength(n);
      expect(tags.at(-1)).toEqual({ tag_id: n, name: `Tag ${n}` });
      const page = await db.selectFrom('content_pages').select(['slug', 'meta_description', 'published']).executeTakeFirstOrThrow();
      expect(page).toEqual({ slug: 'a', meta_description: 'm', published: 1 });
    });
  });
}
