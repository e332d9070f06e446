import { describe, expect, it } from 'vitest';
import { pickVariant, resolveProviders } from '#lib/page-behaviour/experiments.ts';

describe('experiments', () => {
  it('picks an accessories variant once and reuses it; other names get original', () => {
    const a = pickVariant('accessories', {}, () => 0.9);
    expect(a.variant).toBe('upselling');
    expect(pickVariant('accessories', a.saved, () => 0).variant).toBe('upselling');
    expect(pickVariant('other', {}, () => 0.9).variant).toBe('original');
  });
  it('defaults to external providers, eel/internal on failure; overrides win', () => {
    expect(resolveProviders(undefined, {})).toMatchObject({
      searchProvider: 'external',
      recommendationProvider: 'external',
      shippingProcessor: 'eel',
    });
    expect(resolveProviders(undefined, {}, true)).toMatchObject({ searchProvider: 'internal', shippingProcessor: 'eel' });
    expect(resolveProviders(undefined, { search_provider: 'internal', stock_dates: 'days_date_format' })).toMatchObject({
      searchProvider: 'internal',
      stockDates: 'days_date_format',
    });
  });
});
