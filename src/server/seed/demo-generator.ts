/**
 * Deterministic demo catalogue: realistic spare parts over appliance categories 3 levels deep,
 * 26 brands, tags, names in five languages, tiered prices per currency and every stock status.
 * Same options → byte-identical catalogue (seeded PRNG, no clock unless `now` is passed for deals).
 */
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { ImageType, STOCK_STATUSES, type PriceObject, type StockStatus } from '#lib/catalogue/types.ts';
import { slugify } from '#lib/routing/slug.ts';
import { normalizeTiers } from '#lib/pricing/tiers.ts';
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';
import { APPLIANCE_GROUPS, BRANDS, DESCRIPTION_TEMPLATE, NAME_TEMPLATE, PART_TYPES, RATES, TAGS } from './demo-vocabulary.ts';
import { demoContent } from './demo-content.ts';
import { demoCoupons } from './demo-coupons.ts';
import { demoRelations } from './accessories-demo.ts';
import { demoBrandSafety, demoProductSafety } from './demo-safety.ts';
import { demoModels, type ProductModelFacts } from './demo-models.ts';

export interface DemoOptions {
  products?: number;
  /** At least this many appliance models (default twice the products, at most 2,000; docs/product/parts-finder.md#demo-data). */
  models?: number;
  seed?: number;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

/** mulberry32: tiny, fast, good enough for demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOCK_WEIGHTS: [StockStatus, number][] = [
  ['in-stock', 0.6],
  ['back-order-quick', 0.12],
  ['back-order-slow', 0.1],
  ['out-of-stock', 0.08],
  ['on-order', 0.05],
  ['discontinued', 0.05],
];

function roundPrice(amount: number, locale: LocaleCode): number {
  if (LOCALES[locale].currency === 'EUR') return Math.max(0.95, Math.round(amount) - 0.05);
  return Math.max(9, Math.round(amount / 10) * 10 - 1); // 149, 299 … psychological prices
}

/** Tiers strictly decreasing (docs/product/pricing-and-vat.md#tier-normalisation), optional campaign tiers with original price and percent off. */
export function demoPrices(baseEur: number, locale: LocaleCode, tiered: boolean, campaignPercent: number | null): PriceObject {
  const rate = RATES[LOCALES[locale].currency];
  const qs = tiered ? [1, 5, 10] : [1];
  const factors = [1, 0.93, 0.87];
  // Rounding can make two tiers equal: keep only strictly lower ones (docs/product/pricing-and-vat.md#tier-normalisation).
  const n = normalizeTiers(qs.map((q, i) => ({ q, p: roundPrice(baseEur * rate * factors[i], locale) })));
  const prices: PriceObject = { n };
  if (campaignPercent) {
    const c = normalizeTiers(
      n
        .map((t) => {
          const p = roundPrice(t.p * (1 - campaignPercent / 100), locale);
          return { q: t.q, p, o: t.p, d: Math.round((1 - p / t.p) * 100) };
        })
        .filter((t) => t.p < t.o),
    );
    if (c.length > 0) prices.c = c;
  }
  return prices;
}

const DAY_MS = 86_400_000;

/**
 * A campaign product's earlier prices (docs/adr/0022-prior-price.md): the ordinary tiers for months, the campaign
 * since two weeks, so its reduction has a prior price. Products without a campaign need none.
 */
export function demoPriceHistory(prices: PriceObject, now: Date): { at: string; q: number; p: number }[] {
  if (!prices.c || prices.c.length === 0) return [];
  const ordinaryAt = new Date(now.getTime() - 90 * DAY_MS).toISOString();
  const campaignAt = new Date(now.getTime() - 14 * DAY_MS).toISOString();
  return [...prices.n.map((t) => ({ at: ordinaryAt, q: t.q, p: t.p })), ...prices.c.map((t) => ({ at: campaignAt, q: t.q, p: t.p }))];
}

/** A leaf category: part type of one appliance, with the appliance's names and the path from its group. */
export interface DemoLeaf {
  id: number;
  applianceNames: string[];
  partKey: string;
  partOrder: number;
  path: number[];
}

type Product = CatalogueInput['products'][number];

/** The demo's categories, brands and tags: no randomness, the same for every size. */
export function demoTaxonomy() {
  const categories: CatalogueInput['categories'] = [];
  const leaves: DemoLeaf[] = [];
  const appliances: { id: number; parts: string[] }[] = [];
  let nextCategoryId = 1;
  const tr = (names: readonly string[], slugSuffix = '') =>
    Object.fromEntries(LOCALE_CODES.map((c, i) => [c, { name: names[i], slug: slugify(names[i]) + slugSuffix }]));

  for (const [gi, group] of APPLIANCE_GROUPS.entries()) {
    const groupId = nextCategoryId++;
    categories.push({
      id: groupId,
      parent_id: null,
      sort_order: gi,
      show_in_menu: true,
      show_in_main_menu: true,
      thumb: { url: `/images/categories/${group.key}.svg`, width: 120, height: 120 },
      translations: tr(group.names),
    });
    for (const [ai, appliance] of group.appliances.entries()) {
      const applianceId = nextCategoryId++;
      categories.push({
        id: applianceId,
        parent_id: groupId,
        sort_order: ai,
        show_in_menu: true,
        show_in_main_menu: false,
        thumb: { url: `/images/categories/${appliance.key}.svg`, width: 120, height: 120 },
        translations: tr(appliance.names),
      });
      appliances.push({ id: applianceId, parts: appliance.parts });
      for (const [pi, partKey] of appliance.parts.entries()) {
        const id = nextCategoryId++;
        // Leaf slugs repeat across appliances ("filter"), so they carry the appliance: unique per locale.
        const names = PART_TYPES[partKey];
        categories.push({
          id,
          parent_id: applianceId,
          sort_order: pi,
          show_in_menu: true,
          show_in_main_menu: false,
          thumb: { url: `/images/parts/${partKey}.svg`, width: 120, height: 120 },
          translations: Object.fromEntries(
            LOCALE_CODES.map((c, i) => [c, { name: names[i], slug: slugify(`${names[i]} ${appliance.names[i]}`) }]),
          ),
        });
        leaves.push({ id, applianceNames: appliance.names, partKey, partOrder: pi, path: [groupId, applianceId, id] });
      }
    }
  }

  const brands = BRANDS.map((name, i) => ({
    id: i + 1,
    slug: slugify(name),
    name,
    logo_url: `/images/brands/${slugify(name)}.svg`,
    safety: demoBrandSafety(name),
  }));
  const tags = TAGS.map((t, i) => ({ id: i + 1, translations: tr(t.names) }));
  return { categories, leaves, appliances, brands, tags };
}

export type DemoTaxonomy = ReturnType<typeof demoTaxonomy>;

/** A product's name, address and description in one storefront language, naming its model. */
export function demoTexts(li: number, id: number, leaf: DemoLeaf, brandName: string, model: string) {
  const fill = (tpl: string) =>
    tpl
      .replace('{part}', PART_TYPES[leaf.partKey][li])
      .replace('{brand}', brandName)
      .replace('{appliance}', leaf.applianceNames[li].toLowerCase())
      .replace('{model}', model);
  const name = `${fill(NAME_TEMPLATE[li])} ${model}`.replace(/^./, (c) => c.toUpperCase());
  return { name, slug: `${slugify(name)}-${id}`, description: fill(DESCRIPTION_TEMPLATE[li]) };
}

/** One demo product with the facts its models are made from, drawn from `rand` (the draws in a fixed order). */
export function demoProduct(
  id: number,
  rand: () => number,
  taxonomy: Pick<DemoTaxonomy, 'leaves' | 'brands'>,
  demoNow: Date,
): { product: Product; fact: ProductModelFacts; leaf: DemoLeaf } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const leaf = pick(taxonomy.leaves);
  const brand = pick(taxonomy.brands);
  const model = `${brand.name.slice(0, 2).toUpperCase()}${100 + Math.floor(rand() * 900)}${pick(['', 'X', 'E', 'S'])}`;
  const sku = `${brand.name
    .slice(0, 3)
    .toUpperCase()
    .replace(/[^A-Z]/g, 'X')}-${String(id).padStart(6, '0')}`;
  const roll = rand();
  let acc = 0;
  const stock_status = STOCK_WEIGHTS.find(([, w]) => (acc += w) >= roll)?.[0] ?? 'in-stock';
  const baseEur = Math.round((4 + rand() ** 2 * 240) * 100) / 100;
  const tiered = rand() < 0.35;
  const campaign = rand() < 0.12 ? pick([10, 15, 20, 25, 30]) : null;
  const translations: Record<string, { name: string; slug: string; description: string }> = {};
  const prices: Record<string, { prices: PriceObject; vat: number }> = {};
  const price_history: Record<string, { at: string; q: number; p: number }[]> = {};
  for (const [li, code] of LOCALE_CODES.entries()) {
    translations[code] = demoTexts(li, id, leaf, brand.name, model);
    prices[code] = { prices: demoPrices(baseEur, code, tiered, campaign), vat: LOCALES[code].defaultVat };
    const history = demoPriceHistory(prices[code].prices, demoNow);
    if (history.length > 0) price_history[code] = history;
  }
  const hasImages = rand() > 0.05; // a few without images exercise the placeholder fallback
  const img = (type: number, sort_order: number, w: number) => ({
    type,
    sort_order,
    url: `/images/parts/${leaf.partKey}.svg`,
    width: w,
    height: w,
  });
  const hasVariations = rand() < 0.03;
  const product: Product = {
    id,
    sku,
    prefix: sku.split('-')[0],
    type: hasVariations ? 2 : 1,
    brand_id: brand.id,
    group_id: 1 + Math.floor(rand() * 40),
    discount_category: pick(['A', 'B', 'C', 'D']),
    stock_status,
    stock_quantity: stock_status === 'in-stock' ? 1 + Math.floor(rand() * 200) : 0,
    estimated_at: stock_status === 'on-order' ? `2027-0${1 + Math.floor(rand() * 6)}-15` : null,
    orderable: stock_status !== 'discontinued' && stock_status !== 'out-of-stock',
    notifyable: stock_status === 'discontinued' || stock_status === 'out-of-stock',
    decoration: campaign ? 'campaign' : rand() < 0.05 ? 'news' : null,
    variations: hasVariations
      ? ['white', 'black', 'steel'].map((v) => ({ sku: `${sku}-${v.toUpperCase()}`, name: v, attributes: { color: v } }))
      : [],
    categories: [{ id: leaf.id, main: true }, ...(rand() < 0.2 ? [{ id: leaf.path[1], main: false }] : [])],
    tags: TAGS.map((_, t) => t + 1).filter(() => rand() < 0.15),
    images: hasImages
      ? [
          img(ImageType.Featured, 0, 600),
          img(ImageType.Thumb, 0, 160),
          img(ImageType.Zoom, 0, 1200),
          img(ImageType.Gallery, 1, 600),
          img(ImageType.Gallery, 2, 600),
        ]
      : [],
    translations,
    prices,
    safety: demoProductSafety(leaf.partKey),
    price_history,
  };
  return { product, fact: { brandId: brand.id, applianceId: leaf.path[1], partKey: leaf.partKey, partOrder: leaf.partOrder, model }, leaf };
}

/** Every stock status is present even in tiny catalogues (tests and demos rely on it): the first products get them. */
export function fixedStockStatus(p: Product, index: number): void {
  const status = STOCK_STATUSES[index];
  if (!status) return;
  p.stock_status = status;
  p.orderable = status !== 'discontinued' && status !== 'out-of-stock';
  p.notifyable = !p.orderable;
  p.estimated_at = status === 'on-order' ? '2027-02-15' : null;
  p.stock_quantity = status === 'in-stock' ? 25 : 0;
}

export function generateDemoCatalogue(options: DemoOptions = {}): CatalogueInput {
  const demoNow = options.now ?? new Date(Date.UTC(2026, 0, 1));
  const total = options.products ?? 1000;
  const rand = prng(options.seed ?? 20261122);
  const { categories, leaves, appliances, brands, tags } = demoTaxonomy();

  const products: CatalogueInput['products'] = [];
  const facts: ProductModelFacts[] = [];
  const productLeaf: DemoLeaf[] = [];
  for (let i = 0; i < total; i++) {
    const id = i + 1;
    const { product, fact, leaf } = demoProduct(id, rand, { leaves, brands }, demoNow);
    products.push(product);
    facts.push(fact);
    productLeaf.push(leaf);
    if (options.onProgress && (id % 1000 === 0 || id === total)) options.onProgress(id, total);
  }
  // The last campaign product has no history: its reduction may not be announced (docs/adr/0022-prior-price.md).
  const unproven = products.findLast((p) => p.decoration === 'campaign');
  if (unproven) unproven.price_history = {};
  products.slice(0, STOCK_STATUSES.length).forEach(fixedStockStatus);

  const parts = demoModels({
    products,
    facts,
    brands,
    appliances,
    models: options.models ?? Math.min(2000, 2 * total),
    rand: prng((options.seed ?? 20261122) ^ 0x5eed),
    renameModel: (index, model) => {
      const p = products[index];
      const brandName = brands[facts[index].brandId - 1].name;
      p.translations = Object.fromEntries(
        LOCALE_CODES.map((code, li) => [code, demoTexts(li, p.id, productLeaf[index], brandName, model)]),
      );
    },
  });

  return {
    categories,
    brands,
    tags,
    products,
    ...demoContent(products, demoNow),
    coupons: demoCoupons(products),
    ...demoRelations(products, leaves),
    ...parts,
  };
}
