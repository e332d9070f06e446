/**
 * Which products the home page shows (pure, so the build and a re-render pick the same ones from the same data):
 * up to 4 campaign deals that can be ordered, then up to 8 other in-stock parts, in catalogue (id) order.
 */
export interface ShowcaseCandidate {
  id: number;
  orderable: boolean;
  stock_status: string;
  /** Has campaign prices. */
  campaign: boolean;
}

export const HOME_DEALS = 4;
export const HOME_POPULAR = 8;

export function homeShowcase<T extends ShowcaseCandidate>(products: readonly T[]): { deals: T[]; popular: T[] } {
  const deals = products.filter((p) => p.orderable && p.campaign).slice(0, HOME_DEALS);
  const popular = products.filter((p) => p.stock_status === 'in-stock' && !deals.includes(p)).slice(0, HOME_POPULAR);
  return { deals, popular };
}
