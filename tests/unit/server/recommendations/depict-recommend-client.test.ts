import { describe, expect, it } from 'vitest';
import { displayProductIds } from '#server/recommendations/depict-recommend-client.ts';
import { DepictFailure } from '#server/search/providers/depict-client.ts';
import { depictRecommendConfig, DEFAULT_RECOMMENDATION_TYPE } from '#server/recommendations/depict-recommend-config.ts';

describe('Depict v3 recommendation answer → our SKUs', () => {
  it("reads per display the shown variant's product id first, then the others, in Depict's order; unknown fields are ignored", () => {
    expect(
      displayProductIds({
        displays: [
          { variant_index: 1, variant_displays: [{}, {}], variant_skus: ['a', 'b'], variant_product_ids: ['A-1', 'A-2', 'A-3'], extra: 1 },
          { variant_index: 0, variant_displays: [{}], variant_skus: ['c'], variant_product_ids: ['C-1'] },
          { variant_product_ids: ['D-1'] },
        ],
        error: null,
      }),
    ).toEqual([['A-2', 'A-1', 'A-3'], ['C-1'], ['D-1']]);
  });

  it('is a failure when the answer carries an error (the documented "not yet configured") or another shape', () => {
    expect(() => displayProductIds({ displays: [], error: '(tenant, market, type) not yet configured. Please contact Depict.' })).toThrow(
      DepictFailure,
    );
    expect(() => displayProductIds({ products: [] })).toThrow(/unexpected answer/);
    expect(() => displayProductIds({ displays: [{ variant_product_ids: [] }] })).toThrow(DepictFailure);
    expect(() => displayProductIds(null)).toThrow(DepictFailure);
  });

  it('configuration: Depict as for search plus the recommendation type; no merchant, no external provider', () => {
    expect(depictRecommendConfig({})).toBeNull();
    const c = depictRecommendConfig({ PARTSFRONT_DEPICT_MERCHANT: 'acme', PARTSFRONT_DEPICT_URL: 'http://depict.test' });
    expect([c?.merchant, c?.baseUrl, c?.type, c?.markets.no]).toEqual(['acme', 'http://depict.test', DEFAULT_RECOMMENDATION_TYPE, 'no']);
    expect(depictRecommendConfig({ PARTSFRONT_DEPICT_MERCHANT: 'acme', PARTSFRONT_DEPICT_RECOMMENDATION_TYPE: ' similar ' })?.type).toBe(
      'similar',
    );
  });
});
