/**
 * The external recommendation provider (docs/product/accessories.md#recommendation-providers): Depict picks the
 * products and their order for the product's SKU; we keep, in Depict's order, the first product of each display
 * that this storefront sells and can put in the cart as it is (never the product itself), and build the cards
 * from our own database. Nothing we can list, or no answer within the time budget: the caller lets the internal
 * ranking answer.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { DepictRecommendClient } from './depict-recommend-client.ts';
import { DEPICT_LOCALES, type DepictRecommendConfig } from './depict-recommend-config.ts';
import { NotForExternal, type RecommendationProvider } from './recommendation-provider.ts';

export function externalRecommendations(config: DepictRecommendConfig): RecommendationProvider {
  const client = new DepictRecommendClient(config.baseUrl, config.merchant);
  return {
    name: 'external',
    async recommend(db, { locale, subject, limit }) {
      const displays = await client.recommend(
        {
          market: config.markets[locale],
          locale: DEPICT_LOCALES[locale],
          type: config.type,
          productIds: [subject.sku],
          // a few more than shown: displays we do not sell are dropped
          limit: limit * 2,
        },
        AbortSignal.timeout(config.timeoutMs),
      );
      const ids = await buyableIds(db, locale, displays.flat());
      const out: number[] = [];
      for (const display of displays) {
        const sku = display.find((s) => ids.has(s) && s !== subject.sku && !out.includes(ids.get(s)!));
        if (sku) out.push(ids.get(sku)!);
        if (out.length === limit) break;
      }
      if (out.length === 0) throw new NotForExternal('no product we can list');
      return out;
    },
  };
}

/** Our ids of those SKUs this storefront sells that can go in the cart as they are (orderable, no variation to choose). */
async function buyableIds(db: Db, locale: LocaleCode, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await localizedProducts(db, locale)
    .select(['p.id', 'p.sku'])
    .where('p.sku', 'in', [...new Set(skus)])
    .where('p.orderable', '=', 1)
    .where('p.variations', '=', '[]')
    .execute();
  return new Map(rows.map((r) => [r.sku, r.id]));
}
