import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { readStoredIndex, storeIndex } from '#server/search/index-store.ts';
import type { DbConfig } from '#server/db/config.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-search-index-'));
const before = process.env.PARTSFRONT_SEARCH_INDEX_DIR;
beforeAll(() => {
  process.env.PARTSFRONT_SEARCH_INDEX_DIR = dir;
});
afterAll(() => {
  if (before === undefined) delete process.env.PARTSFRONT_SEARCH_INDEX_DIR;
  else process.env.PARTSFRONT_SEARCH_INDEX_DIR = before;
  fs.rmSync(dir, { recursive: true, force: true });
});

const shop: DbConfig = { kind: 'postgres', url: 'postgres://partsfront:secret@db.internal:5432/shop' };
const index = assembleIndex('fi', 'v7', [{ id: 1, sku: 'C-1', name: 'Pölynimurin suodatin', brand: 'Electrolux' }], [], []);

describe('stored search indexes', () => {
  it('gives the index back for its database, storefront and catalogue version only', async () => {
    await storeIndex(shop, index);
    const back = await readStoredIndex(shop, 'fi', 'v7');
    expect(back?.words).toEqual(index.words);
    expect(await readStoredIndex(shop, 'fi', 'v8')).toBeNull();
    expect(await readStoredIndex(shop, 'sv', 'v7')).toBeNull();
    expect(await readStoredIndex({ kind: 'postgres', url: 'postgres://partsfront:secret@db.internal:5432/other' }, 'fi', 'v7')).toBeNull();
  });

  it('never writes the database password into a file name, and leaves no temporary files', async () => {
    await storeIndex(shop, index);
    const files = fs.readdirSync(dir);
    expect(files.every((f) => !f.includes('secret') && f.endsWith('.idx'))).toBe(true);
    expect(files).toHaveLength(1);
  });

  it('ignores a damaged file', async () => {
    const [file] = fs.readdirSync(dir);
    fs.writeFileSync(path.join(dir, file), 'garbage');
    expect(await readStoredIndex(shop, 'fi', 'v7')).toBeNull();
  });
});
