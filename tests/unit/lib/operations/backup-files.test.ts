import { describe, expect, it } from 'vitest';
import {
  backupFileName,
  backupsNewestFirst,
  backupsToPrune,
  copyRows,
  countDifferences,
  engineOfFile,
  manifestNameOf,
  migrationFit,
  withoutPassword,
} from '#lib/operations/backup-files.ts';

const at = new Date('2026-11-26T15:14:03.456Z');

describe('backup file names', () => {
  it('carry a UTC timestamp that sorts as time and an extension per engine', () => {
    expect(backupFileName('sqlite', at)).toBe('partsfront-20261126T151403Z.sqlite');
    expect(backupFileName('postgres', at)).toBe('partsfront-20261126T151403Z.pgdump');
    expect(backupFileName('sqlite', at, ['partsfront-20261126T151403Z.sqlite'])).toBe('partsfront-20261126T151403Z-2.sqlite');
    expect(engineOfFile('partsfront-20261126T151403Z-2.sqlite')).toBe('sqlite');
    expect(manifestNameOf('backups/partsfront-20261126T151403Z.pgdump')).toBe('backups/partsfront-20261126T151403Z.pgdump.json');
    expect(engineOfFile('partsfront-20261126T151403Z.sqlite')).toBe('sqlite');
    expect(engineOfFile('partsfront-20261126T151403Z.sqlite.json')).toBeUndefined();
    expect(engineOfFile('partsfront-20261126T151403Z.sqlite.part')).toBeUndefined();
    expect(engineOfFile('notes.txt')).toBeUndefined();
  });

  const folder = [
    'partsfront-20261124T020000Z.sqlite',
    'partsfront-20261124T020000Z.sqlite.json',
    'partsfront-20261126T020000Z.sqlite',
    'partsfront-20261126T020000Z.sqlite.json',
    'partsfront-20261125T020000Z.sqlite',
    'partsfront-20261127T020000Z.pgdump',
    'partsfront-20261127T020000Z.pgdump.json',
    'README.txt',
  ];

  it('find the newest backup of the engine', () => {
    expect(backupsNewestFirst(folder, 'sqlite')).toEqual([
      'partsfront-20261126T020000Z.sqlite',
      'partsfront-20261125T020000Z.sqlite',
      'partsfront-20261124T020000Z.sqlite',
    ]);
    expect(backupsNewestFirst(['partsfront-20261126T020000Z.sqlite', 'partsfront-20261126T020000Z-2.sqlite'], 'sqlite')).toEqual([
      'partsfront-20261126T020000Z-2.sqlite',
      'partsfront-20261126T020000Z.sqlite',
    ]);
    expect(backupsNewestFirst(folder, 'postgres')).toEqual(['partsfront-20261127T020000Z.pgdump']);
  });

  it('retention removes the older backups of the engine with their manifests, never the newest', () => {
    expect(backupsToPrune(folder, 'sqlite', 2)).toEqual(['partsfront-20261124T020000Z.sqlite', 'partsfront-20261124T020000Z.sqlite.json']);
    expect(backupsToPrune(folder, 'sqlite', 0)).toHaveLength(3); // keep 0 still keeps the newest
    expect(backupsToPrune(folder, 'postgres', 1)).toEqual([]);
  });
});

describe('migrations of a backup against the code', () => {
  it('names migrations the code lacks (refused) and those the backup lacks (applied after)', () => {
    expect(migrationFit(['0001_a', '0002_b'], ['0001_a', '0002_b', '0003_c'])).toEqual({ newer: [], pending: ['0003_c'] });
    expect(migrationFit(['0001_a', '0002_b', '0004_d'], ['0001_a', '0002_b'])).toEqual({ newer: ['0004_d'], pending: [] });
  });
});

describe('helpers', () => {
  it('reads the rows of a COPY block in pg_restore output', () => {
    const text = [
      'SET statement_timeout = 0;',
      'COPY public.schema_migrations (version, applied_at) FROM stdin;',
      '0001_catalogue\t2026-11-26T10:00:00.000Z',
      '0002_commerce\t2026-11-26T10:00:01.000Z',
      '\\.',
      '',
    ].join('\n');
    expect(copyRows(text).map((r) => r[0])).toEqual(['0001_catalogue', '0002_commerce']);
    expect(copyRows('')).toEqual([]);
  });

  it('hides the password of a database URL', () => {
    expect(withoutPassword('postgres://shop:s3cr%40t@db.internal:5432/shop')).toBe('postgres://shop:***@db.internal:5432/shop');
    expect(withoutPassword('postgres://db.internal/shop')).toBe('postgres://db.internal/shop');
  });

  it('compares row counts with a manifest', () => {
    expect(countDifferences({ orders: 3, products: 10 }, { orders: 3, products: 10 })).toEqual([]);
    expect(countDifferences({ orders: 3, gone: 1 }, { orders: 2 })).toEqual(['orders: 2 rows, the backup had 3']);
  });
});
