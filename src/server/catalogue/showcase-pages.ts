/**
 * The home page and the Christmas calendar show product cards chosen from the whole catalogue: from a slim read
 * of the storefront's products (id, orderable, stock, campaign) with the chosen cards read by id — the same at build
 * time and when a change to a shown product re-renders the page (docs/adr/0017-incremental-pages.md). Their tags are
 * the products they show.
 */
import { getDb } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { homeShowcase } from '#lib/catalogue/home-showcase.ts';
import { pickDoorProducts, withChosenDoors } from '#lib/catalogue/christmas-calendar.ts';
import { chosenDoors } from './calendar-doors.ts';
import type { PageProduct } from './page-catalogue.ts';
import { loadCategoryTree, type Category } from './category-repository.ts';
import { brandsById, listingProducts } from './listing-products.ts';
import { localizedProducts } from './localized-products.ts';
import { calendarTag, productTag } from './page-tags.ts';

export interface HomePageData {
  top: Category[];
  deals: PageProduct[];
  popular: PageProduct[];
  pageTags: string[];
}
export interface CalendarPageData {
  doors: PageProduct[];
  pageTags: string[];
}

const hasCampaign = (prices: PriceObject) => !!prices.c?.length;
const tagsOf = (...lists: PageProduct[][]) => lists.flat().map((p) => productTag(p.id));

/** The doors an editor chose, as products of the list (a product no longer sold here or not orderable is skipped). */
async function chosenFrom<T extends { id: number; orderable: boolean }>(
  locale: LocaleCode,
  products: readonly T[],
): Promise<Map<number, T>> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const chosen = new Map<number, T>();
  for (const [door, id] of await chosenDoors(getDb(), locale)) {
    const p = byId.get(id);
    if (p?.orderable) chosen.set(door, p);
  }
  return chosen;
}

/** The storefront's products as the showcases choose them, in id order (no descriptions, images or names). */
async function slimProducts(locale: LocaleCode) {
  const rows = await localizedProducts(getDb(), locale)
    .select(['p.id', 'p.orderable', 'p.stock_status', 'pr.prices'])
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderable: !!r.orderable,
    stock_status: r.stock_status,
    campaign: hasCampaign(JSON.parse(r.prices) as PriceObject),
  }));
}

/** Cards of these ids, in this order, read now. */
async function cards(locale: LocaleCode, ids: number[]): Promise<PageProduct[]> {
  return listingProducts(locale, ids, await brandsById(getDb()));
}

export async function homePageData(locale: LocaleCode): Promise<HomePageData> {
  const [slim, tree] = await Promise.all([slimProducts(locale), loadCategoryTree(getDb(), locale)]);
  const chosen = homeShowcase(slim);
  const shown = await cards(
    locale,
    [...chosen.deals, ...chosen.popular].map((p) => p.id),
  );
  const byId = new Map(shown.map((p) => [p.id, p]));
  const pick = (list: { id: number }[]) => list.flatMap((p) => byId.get(p.id) ?? []);
  const deals = pick(chosen.deals);
  const popular = pick(chosen.popular);
  return { top: tree.filter((c) => c.show_in_main_menu), deals, popular, pageTags: tagsOf(deals, popular) };
}

export async function calendarPageData(locale: LocaleCode): Promise<CalendarPageData> {
  const slim = await slimProducts(locale);
  const chosen = withChosenDoors(pickDoorProducts(slim), await chosenFrom(locale, slim));
  const shown = await cards(locale, [...new Set(chosen.map((p) => p.id))]);
  const byId = new Map(shown.map((p) => [p.id, p]));
  const doors = chosen.flatMap((p) => byId.get(p.id) ?? []);
  return { doors, pageTags: [calendarTag(locale), ...tagsOf(doors)] };
}
