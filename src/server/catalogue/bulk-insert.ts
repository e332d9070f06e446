/**
 * Bulk rows for the catalogue imports (docs/adr/0029-streamed-catalogue-import.md). SQLite: multi-row INSERTs whose
 * text is made once per table, columns and row count, the values passed as parameters (Kysely's builder parsed,
 * froze and compiled every batch of 500 rows anew, about a sixth of a 1,000,000-product import; node-sqlite.ts then
 * finds the prepared statement by its same text). PostgreSQL: one COPY per call (docs/adr/0038-postgres-copy-import.md),
 * a quarter of the server's work of those INSERTs.
 * Rows whose columns differ, or that hold an undefined value (Kysely's DEFAULT), take Kysely's builder.
 */
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { isPostgres } from '#server/db/migrate.ts';
import { copyRows, copyText } from '#server/db/pg-copy.ts';

/** Rows per INSERT: stays under SQLite's 32766 bound parameters for the widest table. */
export const BATCH = 500;

/** Rows per COPY: bounds the text one COPY holds in memory. */
const COPY_ROWS = 50_000;

/**
 * Products a full import writes at once: on PostgreSQL each COPY waits for the server twice, and those waits also
 * wait for the import's parsing between them, so fewer, larger batches (docs/adr/0038-postgres-copy-import.md).
 */
export const importBatch = (db: Kysely<Database>): number => (isPostgres(db) ? 2_500 : BATCH);

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

/** Inserts the rows: on PostgreSQL a COPY per COPY_ROWS, otherwise (or for rows COPY has no text for) BATCH to an INSERT. */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  if (!isPostgres(db)) return insertBatches(db, table, columns, rows, false);
  for (let i = 0; i < rows.length; i += COPY_ROWS) {
    const chunk = rows.slice(i, i + COPY_ROWS);
    const values = rowValues(chunk, columns);
    const copy = values && copyRows(values, columns.length);
    if (copy) await db.executeQuery(CompiledQuery.raw(copyText(table, columns), [copy]));
    else await insertBatches(db, table, columns, chunk, true);
  }
}

async function insertBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  columns: readonly string[],
  rows: readonly Insertable<Database[T]>[],
  postgres: boolean,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    const values = rowValues(part, columns);
    if (values) await db.executeQuery(CompiledQuery.raw(insertText(table, columns, part.length, postgres), values));
    // Kysely's values() cannot type a row of a table chosen by a type parameter
    else
      await db
        .insertInto(table)
        .values(part as never)
        .execute();
  }
}
