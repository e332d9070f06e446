/** Content calls of the browser: the current deal and layout widgets (silent failures: docs/product/api.md). */
import type { Deal, Widget, WidgetSlug } from '#lib/api/content-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { getJson, type ApiAnswer } from './http.ts';

export const fetchCurrentDeal = (): Promise<ApiAnswer<Deal>> => getJson<Deal>(API_PATHS.currentDeal);

export const fetchWidget = (slug: WidgetSlug): Promise<ApiAnswer<Widget>> => getJson<Widget>(API_PATHS.widgetBySlug(slug));
