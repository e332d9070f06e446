import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { decodeIndex, encodeIndex } from '#server/search/index-codec.ts';
import { matchQuery } from '#server/search/match.ts';

const index = assembleIndex(
  'sv',
  '7:2026-11-24T10:00:00Z',
  [
    { id: 3, sku: 'STI-000174', name: 'Filter till Stiga dammsugare ST796X', brand: 'Stiga' },
    { id: 8, sku: 'ELE-000176', name: 'Dammsugarpåse till Electrolux EL796S', brand: 'Electrolux' },
  ],
  [{ product_id: 3, category_id: 10, main: 1, name: 'Dammsugarfilter' }],
  [{ id: 10, name: 'Dammsugarfilter', slug: 'dammsugarfilter', uri: '/kategori/dammsugarfilter', hierarchy: ['Dammsugarfilter'] }],
);

describe('search index codec', () => {
  it('gives back an index that answers every query as the original does', () => {
    const copy = decodeIndex(encodeIndex(index))!;
    expect(copy).not.toBeNull();
    expect(copy.version).toBe(index.version);
    expect(copy.locale).toBe('sv');
    expect(Array.from(copy.ids)).toEqual([3, 8]);
    expect(copy.words).toEqual(index.words);
    expect(copy.codeWords).toEqual(index.codeWords);
    expect(copy.codes).toEqual(index.codes);
    expect(copy.byLength).toEqual(index.byLength);
    expect(copy.categories).toEqual(index.categories);
    expect(copy.vocabulary).toEqual(index.vocabulary);
    for (const q of ['dammsugre', '796', 'sti000174', 'påse', 'dammsugarfilter', 'filter stiga']) {
      expect(matchQuery(copy, q)).toEqual(matchQuery(index, q));
    }
  });

  it('refuses bytes cut short or of another format instead of misreading them', () => {
    const bytes = encodeIndex(index);
    expect(decodeIndex(bytes.subarray(0, bytes.length - 16))).toBeNull();
    expect(decodeIndex(Buffer.from('not an index at all'))).toBeNull();
    const json = JSON.parse(bytes.subarray(8, 8 + bytes.readUInt32LE(0)).toString());
    const other = Buffer.from(bytes.toString('latin1').replace(`"format":${json.format}`, `"format":${json.format + 1}`), 'latin1');
    expect(decodeIndex(other)).toBeNull();
  });
});
