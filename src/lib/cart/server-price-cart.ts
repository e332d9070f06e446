/**
 * The server-authoritative cart (docs/product/api.md#sync-cart), pure: every line is re-priced from the
 * server's product data (tier = highest q ≤ quantity, campaign tiers first), quantities are capped by
 * the stock rules (a product's stock shared by all its lines, earlier lines first), unknown or unorderable products come back as quantity-0 lines carrying a notice
 * (the client shows it and drops the line), lines of a complete upsell bundle get the bundle's price
 * (docs/product/accessories.md#pricing), and the coupon engine discounts the lines.
 * Client-sent prices are never read. A campaign line carries the prior price of its reduction
 * (docs/adr/0022-prior-price.md) while its price is the campaign tier's.
 */
import type { CartLineInput, CartLineItem } from '#lib/api/cart-contracts.ts';
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import type { PriceObject, Thumb } from '#lib/catalogue/types.ts';
import { normalizeTiers, ordinaryUnitPrice, unitPrice } from '#lib/pricing/tiers.ts';
import { roundTo } from '#lib/pricing/vat.ts';
import { applyCoupons } from '#lib/coupons/server-engine.ts';
import type { CouponRule, EngineLine, EngineOptions } from '#lib/coupons/types.ts';
import { allowedQuantitiesAcrossLines, allowedQuantity, CartNotice } from './server-stock.ts';
import { resolveInterval } from '#lib/subscriptions/cart-interval.ts';
import { bundledLines, bundleUnitPrice, type StoredBundle } from '#lib/catalogue/accessories-bundles.ts';
import { announcedReduction, type PriorPrices } from '#lib/pricing/prior-price.ts';

/** What the server knows about a product in one storefront. */
export interface CartProductFacts {
  product_id: number;
  sku: string;
  name: string;
  slug: string;
  type: number;
  thumb: Thumb | null;
  prices: PriceObject;
  /** The prior prices of the campaign tiers from the price history (none: no reduction may be announced). */
  prior?: PriorPrices;
  vat: number;
  categories: number[];
  group_id: number | null;
  discount_category: string | null;
  stock_status: string;
  stock_quantity: number;
  estimated_at: string | null;
  orderable: boolean;
  /** The subscription intervals (months) the product offers; none: one-off purchases only. */
  subscription_months?: readonly number[];
}

export interface SyncedCart {
  items: CartLineItem[];
  coupons: Coupon[];
}

function lineUuid(input: CartLineInput, index: number): string {
  return input.uuid && input.uuid.length > 0 ? input.uuid : `srv-${index}`;
}

function noticeLine(input: CartLineInput, index: number, notice: string, product?: CartProductFacts): CartLineItem {
  return {
    uuid: lineUuid(input, index),
    type: product?.type ?? 0,
    thumb: product?.thumb ?? null,
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    product_id: product?.product_id ?? 0,
    sku: input.sku,
    cross_selling_product_id: input.cross_selling_product_id ?? null,
    upselling_bundle_id: input.upselling_bundle_id ?? null,
    unique_bundle_id: input.unique_bundle_id ?? null,
    added_by_coupon: input.added_by_coupon ?? null,
    quantity: 0,
    price: 0,
    ordinary_price: 0,
    prior_price: null,
    pricing: product ? normalizeTiers(product.prices.n) : [],
    vat: product?.vat ?? 0,
    categories: product?.categories ?? [],
    group_id: product?.group_id ?? null,
    discount_category: product?.discount_category ?? null,
    stock_status: product?.stock_status ?? '',
    estimated_at: product?.estimated_at ?? null,
    subscription_interval: input.subscription_interval ?? null,
    cart_notice: notice,
    adjusted_quantity: 0,
    campaign: false,
  };
}

/** The server's pricing of a cart: every line re-priced from the server's own product facts, then coupons. */
export function priceCart(
  inputs: readonly CartLineInput[],
  products: ReadonlyMap<string, CartProductFacts>,
  rules: readonly CouponRule[],
  options: EngineOptions = {},
  /** The storefront's name of a subscription interval (src/lib/subscriptions/interval-label.ts). */
  intervalName: (months: number) => string = (months) => `${months}`,
  /** The stored upsell bundles the lines claim (by id); a claim not backed by one is dropped. */
  bundles: ReadonlyMap<number, StoredBundle> = new Map(),
): SyncedCart {
  const out: (CartLineItem | null)[] = [];
  // The stock a product has is shared by its lines in cart order; a line removed for another reason takes none.
  const decisions = allowedQuantitiesAcrossLines(
    inputs.map((input) => {
      const product = products.get(input.sku);
      const kept =
        !!product &&
        allowedQuantity(input.quantity, product).quantity > 0 &&
        resolveInterval(input.subscription_interval, product.subscription_months ?? [], intervalName).ok;
      return { key: input.sku, requested: kept ? input.quantity : 0, product };
    }),
  );
  const bundled = bundledLines(inputs, bundles, (i) => {
    const decision = decisions[i];
    return !!decision && decision.quantity > 0 && !decision.adjusted && !inputs[i].subscription_interval;
  });
  const priced: { index: number; engine: EngineLine }[] = [];
  inputs.forEach((input, index) => {
    if (input.quantity === 0) {
      out.push(null);
      return;
    } // a requested 0 removes the line, known product or not
    const product = products.get(input.sku);
    if (!product) {
      out.push(noticeLine(input, index, CartNotice.UnknownProduct));
      return;
    }
    const own = allowedQuantity(input.quantity, product);
    if (own.quantity === 0) {
      out.push(noticeLine(input, index, own.notice ?? CartNotice.NotOrderable, product));
      return;
    }
    const interval = resolveInterval(input.subscription_interval, product.subscription_months ?? [], intervalName);
    if (!interval.ok) {
      out.push(noticeLine(input, index, CartNotice.SubscriptionUnavailable, product));
      return;
    }
    // earlier lines of the product took all of its stock
    const decision = decisions[index] ?? own;
    if (decision.quantity === 0) {
      out.push(noticeLine(input, index, CartNotice.StockLimited, product));
      return;
    }
    const q = decision.quantity;
    const bundle = bundled.get(index);
    const price = bundle ? bundleUnitPrice(product.prices, q, bundle.discount_percent) : unitPrice(product.prices, q);
    const ordinary = ordinaryUnitPrice(product.prices, q);
    // a bundle price below the ordinary one shows as a saving, like a campaign (docs/product/accessories.md#pricing)
    const campaign = (!!bundle || !!product.prices.c?.length) && price < ordinary;
    // A bundle price is another offer, not a reduction of the product's price: no prior price (docs/adr/0022-prior-price.md)
    const reduction = bundle ? null : announcedReduction(product.prices, product.prior ?? {}, q);
    // A bundle claim the server cannot back (unknown bundle, wrong lines or quantities) is dropped: an ordinary line.
    const claimDropped = !bundle && !!input.upselling_bundle_id;
    out.push({
      uuid: lineUuid(input, index),
      type: product.type,
      thumb: product.thumb,
      name: product.name,
      slug: product.slug,
      product_id: product.product_id,
      sku: product.sku,
      cross_selling_product_id: input.cross_selling_product_id ?? null,
      upselling_bundle_id: bundle ? bundle.id : null,
      unique_bundle_id: claimDropped ? null : (input.unique_bundle_id ?? null),
      added_by_coupon: input.added_by_coupon ?? null,
      quantity: q,
      price,
      ordinary_price: ordinary,
      prior_price: reduction && reduction.prior > price ? reduction.prior : null,
      pricing: normalizeTiers(product.prices.n),
      vat: product.vat,
      categories: product.categories,
      group_id: product.group_id,
      discount_category: product.discount_category,
      stock_status: product.stock_status,
      estimated_at: product.estimated_at,
      subscription_interval: interval.interval,
      cart_notice: decision.adjusted ? decision.notice : null,
      adjusted_quantity: decision.adjusted ? q : null,
      campaign,
    });
    priced.push({
      index: out.length - 1,
      engine: {
        product_id: product.product_id,
        quantity: q,
        unit_price: price,
        campaign,
        vat: product.vat,
        categories: product.categories,
        group_id: product.group_id,
        discount_category: product.discount_category,
        net_unit_price: options.netPrices?.get(product.sku) ?? null,
      },
    });
  });

  const result = applyCoupons(
    priced.map((p) => p.engine),
    rules,
    options,
  );
  priced.forEach((p, i) => {
    const line = out[p.index]!;
    const discount = result.lineDiscounts[i];
    if (discount > 0) {
      line.price = Math.max(0, roundTo((line.price * line.quantity - discount) / line.quantity, 2));
      // a coupon's saving is not the product's announced reduction: its price no longer the one the prior price names
      line.prior_price = null;
    }
  });
  return { items: out.filter((l): l is CartLineItem => l !== null), coupons: result.coupons };
}
