/**
 * Which errors mean "the database is unreachable right now" (503) rather than a bug (500): real errors from
 * pg and node:sqlite where they can be made without a server, and the shapes pg gives a restarting server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';

/** pg's DatabaseError carries the SQLSTATE as `code`. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection from pg itself', async () => {
    const client = new pg.Client({ connectionString: 'postgres://nobody:x@127.0.0.1:1/nothing' });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('recognises SQLite busy beyond busy_timeout from node:sqlite itself', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-busy-')), 'busy.db');
    const holder = new DatabaseSync(file);
    const other = new DatabaseSync(file);
    try {
      holder.exec('CREATE TABLE t (x INTEGER); BEGIN EXCLUSIVE');
      other.exec('PRAGMA busy_timeout = 0');
      let err: unknown;
      try {
        other.prepare('SELECT * FROM t').all();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      other.close();
      holder.exec('ROLLBACK');
      holder.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['57P03', 'the database system is shutting down'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
  ])('PostgreSQL %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(pgError(code, message))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])("pg's code-less connection error %j", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('looks through cause and AggregateError (every address refused)', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused('::1'), refused('127.0.0.1')], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: pgError('57P01', 'terminating') }))).toBe(true);
    // one refused address among other failures is not an outage of the database
    expect(isDatabaseUnavailable(new AggregateError([refused('::1'), new TypeError('x')], ''))).toBe(false);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error at or near "SELEC"')],
    ['a missing table', pgError('42P01', 'relation "nope" does not exist')],
    ['a query cancelled by statement_timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['SQLite constraint', Object.assign(new Error('UNIQUE constraint failed: t.x'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 })],
    ['a message merely mentioning a connection', new Error('the connection terminated the offer')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('is false for %s', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
