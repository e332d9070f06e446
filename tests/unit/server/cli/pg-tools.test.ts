/** Where the backup commands find pg_dump and pg_restore, and how the password reaches them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPgTool, pgConnection } from '#server/cli/pg-tools.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-pgbin-'));
function tool(dir: string, name: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
  return file;
}
const debian = path.join(root, 'usr-lib-postgresql');
tool(path.join(debian, '9.6', 'bin'), 'pg_dump');
const newest = tool(path.join(debian, '17', 'bin'), 'pg_dump');
tool(path.join(debian, '15', 'bin'), 'pg_dump');
const onPath = tool(path.join(root, 'path-bin'), 'pg_dump');

describe('findPgTool', () => {
  it('prefers PATH, then the newest Debian version folder', () => {
    expect(findPgTool('pg_dump', { pathVar: path.join(root, 'path-bin'), debianRoot: debian })).toBe(onPath);
    expect(findPgTool('pg_dump', { pathVar: path.join(root, 'nowhere'), debianRoot: debian })).toBe(newest);
  });

  it('uses --pg-bin alone when given, and names the missing tool', () => {
    expect(findPgTool('pg_dump', { pgBin: path.join(debian, '15', 'bin'), pathVar: path.join(root, 'path-bin') })).toBe(
      path.join(debian, '15', 'bin', 'pg_dump'),
    );
    expect(() => findPgTool('pg_restore', { pathVar: '', debianRoot: debian })).toThrow(
      /pg_restore not found on PATH or in .*postgresql-client/,
    );
    expect(() => findPgTool('pg_dump', { pgBin: path.join(root, 'nowhere') })).toThrow(/pg_dump not found in .*nowhere/);
  });
});

describe('pgConnection', () => {
  it('moves the password from the URL into PGPASSWORD', () => {
    const c = pgConnection('postgres://shop:s%40cret@db.internal:5432/shop?sslmode=require');
    expect(c.url).toBe('postgres://shop@db.internal:5432/shop?sslmode=require');
    expect(c.env.PGPASSWORD).toBe('s@cret');
  });
});
