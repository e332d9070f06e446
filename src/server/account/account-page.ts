/**
 * The start every /my-account and /my-order page shares (docs/product/account-pages.md#access): an unknown
 * storefront answers 404, the page is never cached, and the visitor is read the one way (account-visitor.ts).
 */
import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { getDb, type Db } from '#server/db/connection.ts';
import { pageVisitor, type PageVisitor } from './account-visitor.ts';
import type { OrderOwner } from '#server/orders/customer-orders.ts';

export interface AccountPage {
  locale: LocaleCode;
  db: Db;
  visitor: PageVisitor;
  t: TFunction;
  /** The logged-in customer as owner of orders, returns and subscriptions; undefined for anyone else. */
  owner: OrderOwner | undefined;
}

/** The page's context, or the 404 response to return for a locale that is no storefront. */
export async function accountPage(
  astro: Pick<AstroGlobal, 'params' | 'request' | 'cookies' | 'response'>,
): Promise<AccountPage | Response> {
  const { locale } = astro.params;
  if (!isLocaleCode(locale)) return new Response(null, { status: 404 });
  astro.response.headers.set('cache-control', 'no-store');
  const db = getDb();
  const visitor = await pageVisitor(db, astro.request, astro.cookies);
  const owner = visitor.kind === 'customer' ? { customerId: visitor.customerId, email: visitor.profile.email } : undefined;
  return { locale, db, visitor, t: translator(locale), owner };
}
