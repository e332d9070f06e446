/**
 * Is this error "the database cannot be reached right now" rather than a bug? (docs/product/api.md#errors)
 * Such errors pass: PostgreSQL restarting or down, a pool that cannot get a connection in time, SQLite busy
 * beyond its busy_timeout. Callers answer them 503 service_unavailable with Retry-After instead of 500.
 * Recognised by stable codes first; by message only for pg's connection errors, which carry no code.
 */

/** Node socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const PG_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg and pg-pool's own connection errors (no code): a lost connection, a closed client, a pool connect timeout. */
const PG_MESSAGES = [
  /^Connection terminated\b/i,
  /^timeout exceeded when trying to connect$/i,
  /^Client has encountered a connection error and is not queryable$/i,
  /^Client was closed and is not queryable$/i,
];

/** SQLite's SQLITE_BUSY (5) and its extended codes (261, 517, 773): busy_timeout ran out. */
const SQLITE_BUSY = 5;

function unavailableItself(err: object): boolean {
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof e.code === 'string') {
    if (SOCKET_CODES.has(e.code) || PG_STATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
    if (e.code === 'SQLITE_BUSY' || e.code.startsWith('SQLITE_BUSY_')) return true;
  }
  if (typeof e.errcode === 'number' && (e.errcode & 0xff) === SQLITE_BUSY) return true;
  return typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string));
}

/** True when `err` (or an error it wraps: `cause`, AggregateError's `errors`) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  if (unavailableItself(err)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client should wait before trying again (Retry-After): a fast restart of PostgreSQL takes a few. */
export const RETRY_AFTER_SECONDS = 5;
