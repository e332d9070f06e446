import { describe, expect, it } from 'vitest';
import { slugify } from '#lib/routing/slug.ts';

describe('layout rules', () => {
  it('slugifies Nordic and Dutch names', () => {
    expect(slugify('Dörrpackning till Bosch diskmaskin')).toBe('dorrpackning-till-bosch-diskmaskin');
    expect(slugify('Støvsugerpose æble')).toBe('stovsugerpose-aeble');
    expect(slugify('  Käyttöhihna!! ')).toBe('kayttohihna');
  });
});
