/**
 * Multi-row INSERTs for the catalogue imports (docs/adr/0029-streamed-catalogue-import.md): the statement text of a
 * table, its columns and a row count is made once and its values passed as parameters, on SQLite and PostgreSQL
 * alike. Kysely's builder parsed, froze and compiled every batch of 500 rows anew, about a sixth of a
 * 1,000,000-product import; node-sqlite.ts then finds the prepared statement by its (same) text.
 * Rows whose columns differ, or that hold an undefined value (Kysely's DEFAULT), take Kysely's builder.
 */
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { isPostgres } from '#server/db/migrate.ts';

/** Rows per INSERT: stays under SQLite's 32766 bound parameters for the widest table. */
export const BATCH = 500;

const texts = new Map<string, string>();

/** `INSERT INTO "t" ("a", "b") VALUES (?, ?), (?, ?)` (PostgreSQL: $1, $2, …), made once per shape. */
export function insertText(table: string, columns: readonly string[], rows: number, postgres: boolean): string {
  const key = `${postgres ? 'pg' : 'sqlite'}|${table}|${columns.join(',')}|${rows}`;
  let text = texts.get(key);
  if (text === undefined) {
    let n = 0;
    const row = () => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
    const values = Array.from({ length: rows }, row).join(', ');
    text = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values}`;
    texts.set(key, text);
  }
  return text;
}

/** The rows' values in column order, or null when a row has other columns or an undefined value. */
export function rowValues(rows: readonly object[], columns: readonly string[]): unknown[] | null {
  const values: unknown[] = new Array(rows.length * columns.length);
  let i = 0;
  for (const row of rows) {
    let own = 0;
    for (const key in row) if (Object.hasOwn(row, key)) own++;
    if (own !== columns.length) return null;
    for (const c of columns) {
      const v = (row as Record<string, unknown>)[c];
      if (v === undefined) return null;
      values[i++] = v;
    }
  }
  return values;
}

/** Inserts the rows, BATCH to a statement. */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const postgres = isPostgres(db);
  const columns = Object.keys(rows[0]!);
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const values = rowValues(chunk, columns);
    if (values) await db.executeQuery(CompiledQuery.raw(insertText(table, columns, chunk.length, postgres), values));
    // Kysely's values() cannot type a row of a table chosen by a type parameter
    else
      await db
        .insertInto(table)
        .values(chunk as never)
        .execute();
  }
}
