/**
 * The Depict emulator's product feed: what a merchant's catalogue looks like inside Depict, per market.
 * Real Depict ingests the merchant's feed; the emulator either holds one pushed to it
 * (`POST /depict/_sandbox/feed`, the tests) or — being the sandbox — reads the shop's own catalogue from the
 * database of the process it runs in (DATABASE_URL; `npm start` runs it inside the shop), once per market.
 */
import { z } from 'zod';

export const feedProductSchema = z.strictObject({
  /** The merchant's product id: the shop's SKU. */
  product_id: z.string().min(1),
  title: z.string(),
  slug: z.string(),
  /** Unit price for quantity 1, incl. VAT, major units of the market's currency. */
  price: z.number().nonnegative(),
  in_stock: z.boolean(),
  image_url: z.string().nullable().default(null),
});
export type FeedProduct = z.infer<typeof feedProductSchema>;

/** The emulated merchant's markets: the shop's storefronts (market id, its one locale, currency). */
export const DEPICT_MARKETS: Record<string, { locale: string; shopLocale: 'sv' | 'no' | 'da' | 'fi' | 'nl'; currency: string }> = {
  se: { locale: 'sv', shopLocale: 'sv', currency: 'SEK' },
  no: { locale: 'nb', shopLocale: 'no', currency: 'NOK' },
  dk: { locale: 'da', shopLocale: 'da', currency: 'DKK' },
  fi: { locale: 'fi', shopLocale: 'fi', currency: 'EUR' },
  nl: { locale: 'nl', shopLocale: 'nl', currency: 'EUR' },
};

const IN_STOCK = new Set(['in-stock', 'back-order-quick', 'back-order-slow']);

/** The shop's catalogue of one storefront as a feed: products with a price, names in the storefront's language. */
export async function feedFromShopDatabase(market: string): Promise<FeedProduct[]> {
  const shopLocale = DEPICT_MARKETS[market].shopLocale;
  // Loaded on first use only: the sandbox also runs where no shop database is wanted (a pushed feed).
  const { getDb } = await import('#server/db/connection.ts');
  const { localizedProducts } = await import('#server/catalogue/localized-products.ts');
  const rows = await localizedProducts(getDb(), shopLocale)
    .select(['p.sku', 'p.stock_status', 't.name', 't.slug', 'pr.prices'])
    .orderBy('p.id')
    .execute();
  return rows.flatMap((r) => {
    const tiers = (JSON.parse(r.prices) as { n?: { q: number; p: number }[] }).n ?? [];
    const price = tiers.find((t) => t.q <= 1)?.p ?? tiers[0]?.p;
    if (price === undefined) return []; // Depict leaves out products without a price
    return [{ product_id: r.sku, title: r.name, slug: r.slug, price, in_stock: IN_STOCK.has(r.stock_status), image_url: null }];
  });
}
