/**
 * COPY … FROM STDIN through Kysely on PostgreSQL, for the catalogue import's bulk rows
 * (docs/adr/0038-postgres-copy-import.md). Kysely hands pg's client nothing but a statement's text and parameters,
 * so a COPY rides as a statement whose one parameter is its rows (`CopyRows`): the pool's clients are taught to
 * stream such a statement with pg-copy-streams instead of sending it as a query. It then runs on the transaction's
 * own connection, like any statement of the transaction.
 */
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';

/** The rows of a COPY in PostgreSQL's text format: one line per row, columns separated by tabs. */
export class CopyRows {
  readonly text: string;
  readonly count: number;
  constructor(text: string, count: number) {
    this.text = text;
    this.count = count;
  }
}

const SPECIAL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in the text format, or null for a value it has no form for here (the caller then INSERTs). */
function copyValue(v: unknown): string | null {
  switch (typeof v) {
    case 'string':
      return v.replace(SPECIAL, (c) => ESCAPES[c]!);
    case 'number':
      return Number.isFinite(v) ? String(v) : null;
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    case 'object':
      return v === null ? '\\N' : null;
    default:
      return null;
  }
}

/** The values (row after row, `columns` to a row) as COPY text, or null when one has no text form here. */
export function copyRows(values: readonly unknown[], columns: number): CopyRows | null {
  let text = '';
  for (let i = 0; i < values.length; i++) {
    const v = copyValue(values[i]);
    if (v === null) return null;
    text += v;
    text += (i + 1) % columns === 0 ? '\n' : '\t';
  }
  return new CopyRows(text, values.length / columns);
}

/** `COPY "t" ("a", "b") FROM STDIN`: the statement `copyRows`' rows are passed to. */
export function copyText(table: string, columns: readonly string[]): string {
  return `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`;
}

async function copyInto(client: pg.PoolClient, text: string, rows: CopyRows): Promise<pg.QueryResult> {
  const stream = client.query(copyStreams.from(text));
  stream.end(rows.text);
  await finished(stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], oid: 0, fields: [] };
}

/** Teaches a pool's clients the COPY statements above (each client once, when it connects). */
export function acceptCopyRows(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length === 1 && values[0] instanceof CopyRows)
        return copyInto(client, text, values[0]);
      return query(...args);
    }) as typeof client.query;
  });
}
