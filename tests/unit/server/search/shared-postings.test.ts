import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { decodeIndex, encodeIndex } from '#server/search/index-codec.ts';
import { shareCodes } from '#server/search/shared-postings.ts';
import { matchQuery } from '#server/search/match.ts';

const rows = (name: string) => [
  { id: 3, sku: 'STI-000174', name: `${name} ST796X`, brand: 'Stiga' },
  { id: 8, sku: 'ELE-000176', name: `${name} EL796S`, brand: 'Electrolux' },
];

describe('code postings shared between storefronts', () => {
  it('holds one copy of equal code lists and keeps different ones apart', () => {
    const sv = shareCodes(assembleIndex('sv', 'v1', rows('Filter till dammsugare'), [], []));
    const da = shareCodes(decodeIndex(encodeIndex(assembleIndex('da', 'v1', rows('Filter til støvsuger'), [], [])))!);
    expect(da.codes).toBe(sv.codes);
    expect(da.codeWords).toBe(sv.codeWords);
    expect(da.ids).toBe(sv.ids);
    expect(da.words).not.toBe(sv.words);
    expect(matchQuery(da, '796').docs.length).toBe(2);
    expect(matchQuery(da, 'støvsuger').docs.length).toBe(2);

    const other = shareCodes(assembleIndex('fi', 'v1', [{ id: 3, sku: 'STI-000999', name: 'Suodatin', brand: null }], [], []));
    expect(other.codes).not.toBe(sv.codes);
    expect(matchQuery(other, '999').docs.length).toBe(1);
  });
});
