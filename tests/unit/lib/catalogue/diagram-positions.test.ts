import { describe, expect, it } from 'vitest';
import { fillIn, islandData, partsByKey, positionKey, rowKeys, withViewBox } from '#lib/catalogue/diagram-positions.ts';

const strings = {
  position: 'Position {{position}}: {{name}}',
  added: '{{name}} lagd i varukorgen',
  unorderable: '{{name}} kan inte beställas',
};

describe('the callout contract', () => {
  it('keys a place as <diagram>:<position>, as the list rows write it', () => {
    expect(positionKey(1, '7')).toBe('1:7');
    expect(positionKey('2', '12A')).toBe('2:12A');
    expect(rowKeys('1:7 2:3')).toEqual(['1:7', '2:3']);
    expect(rowKeys('  1:7\n')).toEqual(['1:7']);
    expect(rowKeys(undefined)).toEqual([]);
  });

  it('hands the island only parts with a place, with their keys', () => {
    const data = islandData(
      [
        {
          productId: 1,
          name: 'Filter',
          sku: 'A-1',
          positions: [
            { diagram: 1, position: '7' },
            { diagram: 2, position: '3' },
          ],
          orderable: true,
        },
        { productId: 2, name: 'Skruv', sku: 'A-2', positions: [], orderable: true },
        { productId: 3, name: 'Lucka', sku: 'A-3', positions: [{ diagram: 1, position: '8' }], orderable: false },
      ],
      strings,
    );
    expect(data.parts).toEqual([
      { id: 1, name: 'Filter', orderable: true, keys: ['1:7', '2:3'] },
      { id: 3, name: 'Lucka', orderable: false, keys: ['1:8'] },
    ]);
    expect(data.strings).toBe(strings);
  });

  it('the first part listed at a place wins', () => {
    const map = partsByKey([
      { id: 1, keys: ['1:7'] },
      { id: 2, keys: ['1:7', '1:9'] },
    ]);
    expect(map.get('1:7')?.id).toBe(1);
    expect(map.get('1:9')?.id).toBe(2);
    expect(map.has('1:1')).toBe(false);
  });

  it('fills the locale placeholders, leaving unknown ones', () => {
    expect(fillIn(strings.position, { position: '7', name: 'Filter' })).toBe('Position 7: Filter');
    expect(fillIn('{{name}} {{x}}', { name: 'Filter' })).toBe('Filter {{x}}');
  });
});

describe('withViewBox', () => {
  it('adds the stored size as a viewBox when the drawing has none, so it scales', () => {
    expect(withViewBox('<svg width="640"><g></g></svg>', 640, 480)).toBe('<svg viewBox="0 0 640 480" width="640"><g></g></svg>');
    expect(withViewBox('<svg><g></g></svg>', 10, 5)).toBe('<svg viewBox="0 0 10 5"><g></g></svg>');
  });
  it('keeps a drawing that has one, and anything that is not a drawing', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g viewBox="x"></g></svg>';
    expect(withViewBox(svg, 640, 480)).toBe(svg);
    expect(withViewBox('', 640, 480)).toBe('');
  });
});
