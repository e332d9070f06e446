/**
 * The home page and the Christmas calendar show product cards chosen from the whole catalogue: from a slim read
 * of the storefront's products (id, orderable, stock, campaign) a chunk at a time, keeping only the candidates
 * (the home page stops once full), with the chosen cards read by id — the same at build
 * time and when a change to a shown product re-renders the page (docs/adr/0017-incremental-pages.md). Their tags are
 * the products they show.
 */
import { getDb } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { HOME_DEALS, HOME_POPULAR, homeShowcase } from '#lib/catalogue/home-showcase.ts';
import { doorPool, pickDoorProducts, withChosenDoors } from '#lib/catalogue/christmas-calendar.ts';
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

type Slim = { id: number; orderable: boolean; stock_status: string; campaign: boolean };

const SLIM_CHUNK = 5000;

/** The storefront's products as the showcases choose them (no descriptions, images or names), in id order. */
async function* slimChunks(locale: LocaleCode, ids?: number[]): AsyncGenerator<Slim[]> {
  for (let last = 0; ;) {
    const rows = await localizedProducts(getDb(), locale)
      .select(['p.id', 'p.orderable', 'p.stock_status', 'pr.prices'])
      .where('p.id', '>', last)
      .$if(ids !== undefined, (q) => q.where('p.id', 'in', ids!))
      .orderBy('p.id')
      .limit(SLIM_CHUNK)
      .execute();
    if (rows.length === 0) return;
    last = rows[rows.length - 1].id;
    yield rows.map((r) => ({
      id: r.id,
      orderable: !!r.orderable,
      stock_status: r.stock_status,
      campaign: hasCampaign(JSON.parse(r.prices) as PriceObject),
    }));
  }
}

/** The doors an editor chose (a product no longer sold here or not orderable is skipped). */
async function chosenIn(locale: LocaleCode): Promise<Map<number, Slim>> {
  const doors = await chosenDoors(getDb(), locale);
  const byId = new Map<number, Slim>();
  if (doors.size > 0) for await (const chunk of slimChunks(locale, [...doors.values()])) for (const p of chunk) byId.set(p.id, p);
  const chosen = new Map<number, Slim>();
  for (const [door, id] of doors) {
    const p = byId.get(id);
    if (p?.orderable) chosen.set(door, p);
  }
  return chosen;
}

/** Cards of these ids, in this order, read now. */
async function cards(locale: LocaleCode, ids: number[]): Promise<PageProduct[]> {
  return listingProducts(locale, ids, await brandsById(getDb()));
}

export async function homePageData(locale: LocaleCode): Promise<HomePageData> {
  // read until the showcase is full: the products it picks come first in id order
  let candidates: Slim[] = [];
  let chosen = homeShowcase(candidates);
  for await (const chunk of slimChunks(locale)) {
    candidates = [...candidates, ...chunk.filter((p) => (p.orderable && p.campaign) || p.stock_status === 'in-stock')];
    chosen = homeShowcase(candidates);
    if (chosen.deals.length === HOME_DEALS && chosen.popular.length === HOME_POPULAR) break;
  }
  const tree = await loadCategoryTree(getDb(), locale);
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
  let pool: Slim[] = [];
  for await (const chunk of slimChunks(locale)) pool = doorPool([...pool, ...chunk]);
  const chosen = withChosenDoors(pickDoorProducts(pool), await chosenIn(locale));
  const shown = await cards(locale, [...new Set(chosen.map((p) => p.id))]);
  const byId = new Map(shown.map((p) => [p.id, p]));
  const doors = chosen.flatMap((p) => byId.get(p.id) ?? []);
  return { doors, pageTags: [calendarTag(locale), ...tagsOf(doors)] };
}
