/** GET /api/product-categories?v=2 (docs/product/api.md#product-categories): the storefront's category tree (docs/product/catalogue.md#category). */
import type { APIRoute } from 'astro';
import { productCategoriesQuerySchema, type ApiCategory } from '#lib/api/catalogue-contracts.ts';
import { endpoint, methodNotAllowed, json, requireStore, validate } from '#server/http/endpoint.ts';
import { getLayoutData } from '#server/catalogue/layout-data.ts';
import type { Category } from '#server/catalogue/category-repository.ts';

export const prerender = false;

const toApi = (c: Category): ApiCategory => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  parent_id: c.parent_id,
  show_in_menu: c.show_in_menu,
  show_in_main_menu: c.show_in_main_menu,
  hierarchy: c.hierarchy,
  thumb: c.thumb,
  children: c.children.map(toApi),
  uri: c.uri,
});

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  validate(productCategoriesQuerySchema, { v: url.searchParams.get('v') ?? undefined });
  return json((await getLayoutData(locale)).categories.map(toApi));
});

export const ALL = methodNotAllowed(['GET']);
