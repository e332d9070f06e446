/**
 * The import's bulk rows (bulk-insert.ts): on SQLite one INSERT text per table, columns and row count; on PostgreSQL
 * a COPY in the text format (pg-copy.ts, every awkward character escaped); rows of another shape or with an undefined
 * value go through Kysely's builder (DEFAULT), and every row lands as it was given, more than one statement's worth
 * included, on SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { BATCH, insertRows, insertText, rowValues } from '#server/catalogue/bulk-insert.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';
import { copyRows, copyText } from '#server/db/pg-copy.ts';

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

describe('copyRows and copyText', () => {
  it('writes rows as tab-separated lines, escaping what the text format reads specially', () => {
    const copy = copyRows([1, 'a\tb', null, 2, 'c\\d\ne\rf', true, 3n, '\\N', false], 3);
    expect(copy?.count).toBe(3);
    expect(copy?.text).toBe('1\ta\\tb\t\\N\n2\tc\\\\d\\ne\\rf\tt\n3\t\\\\N\tf\n');
    expect(copyText('t', ['a', 'b'])).toBe('COPY "t" ("a", "b") FROM STDIN');
  });

  it('has no text for a value the import never writes (the builder takes those rows)', () => {
    expect(copyRows([new Date(0)], 1)).toBeNull();
    expect(copyRows([Number.NaN], 1)).toBeNull();
    expect(copyRows([undefined], 1)).toBeNull();
    expect(copyRows([{ a: 1 }], 1)).toBeNull();
  });
});

/** Strings the text format must carry unchanged: its separators, escapes and NULL marker among them. */
const AWKWARD = ['tab\there', 'line\nbreak', 'cr\rhere', 'back\\slash', '\\N', '', 'åäö – “quoted” ✓', 'end\\'];

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

    it('stores every awkward string exactly as given, and NULL as NULL', async () => {
      const rows = AWKWARD.map((name, i) => ({ tag_id: i + 1, locale: 'no', name, slug: `awkward-${i}` }));
      await insertRows(db, 'tag_translations', rows);
      const stored = await db
        .selectFrom('tag_translations')
        .where('locale', '=', 'no')
        .select(['tag_id', 'name'])
        .orderBy('tag_id')
        .execute();
      expect(stored.map((r) => r.name)).toEqual(AWKWARD);
      await insertRows(db, 'categories', [
        {
          id: 1,
          parent_id: null,
          sort_order: 0,
          show_in_menu: 1,
          show_in_main_menu: 0,
          thumb_url: null,
          thumb_width: null,
          thumb_height: null,
        },
      ]);
      await insertRows(db, 'category_translations', [
        { category_id: 1, locale: 'sv', name: 'K', slug: 'k', description: null },
        { category_id: 1, locale: 'no', name: 'K', slug: 'k', description: '\\N' },
      ]);
      const described = await db.selectFrom('category_translations').select(['locale', 'description']).orderBy('locale').execute();
      expect(described).toEqual([
        { locale: 'no', description: '\\N' },
        { locale: 'sv', description: null },
      ]);
    });

    it('refuses a row the database refuses, naming the constraint', async () => {
      await expect(insertRows(db, 'tags', [{ id: 1 }])).rejects.toThrow(/unique|UNIQUE/);
    });
  });
}
