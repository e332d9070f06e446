/**
 * What /my-order/{id?} answers for a visitor (docs/product/account-pages.md#guest-order): the guest's own
 * order, a redirect for a customer who owns it, the step that uses a confirmation e-mail's link, or the
 * form — with 404 for any other id, the same for an order that exists and one that does not.
 */
import { timelineOfOrder, type OrderTimelineView } from '#server/orders/order-timeline.ts';
import type { AstroCookies } from 'astro';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { orderNumberOf } from '#lib/orders/order-number.ts';
import { startSession } from '#server/auth/sessions.ts';
import { setSessionCookies } from '#server/auth/visitor.ts';
import type { PageVisitor } from './account-visitor.ts';
import { orderOfCustomer, orderOfGuest, type AccountOrder } from '#server/orders/customer-orders.ts';
import { consumeOrderLink, ORDER_LINK_PARAM, orderLinkUsable } from '#server/orders/order-links.ts';
import { isSameOriginPost } from './same-origin.ts';

/** The query the footer's withdrawal entry adds to /my-order. */
export const WITHDRAW_PARAM = 'withdraw';

export type GuestOrderPage =
  | { kind: 'order'; order: AccountOrder; timeline?: OrderTimelineView }
  | { kind: 'redirect'; to: string }
  /** A usable e-mail link: a button posts it (a mail scanner fetching the link does not use it up). */
  | { kind: 'link'; token: string }
  /** `number` prefills the form; `linkRefused`: the e-mail link was used, expired or not this order's. */
  | { kind: 'form'; status: 200 | 400 | 404; number?: string; linkRefused?: boolean };

interface PageRequest {
  locale: LocaleCode;
  id: string | undefined;
  visitor: PageVisitor;
  request: Request;
  url: URL;
  cookies: AstroCookies;
}

export async function guestOrderPage(db: Db, r: PageRequest): Promise<GuestOrderPage> {
  const { locale, visitor } = r;
  if (r.id === undefined) {
    // The footer's withdrawal entry: a customer chooses among their orders (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a).
    if (visitor.kind === 'customer' && r.url.searchParams.has(WITHDRAW_PARAM))
      return { kind: 'redirect', to: pathFor('my-account-orders', locale) };
    return { kind: 'form', status: 200 };
  }
  // the order-number rule of /track-order and the guest login (docs/product/fulfilment.md#order-numbers)
  const id = orderNumberOf(r.id);
  if (id === undefined) return { kind: 'form', status: 404 };
  if (id !== r.id) return { kind: 'redirect', to: pathFor('my-order-id', locale, { id }) + r.url.search };
  if (visitor.kind === 'guest' && visitor.orderId === id) {
    const order = await orderOfGuest(db, locale, id);
    // The timeline only once the order is known to be this guest's; orders made before checkout have none.
    const timeline = order && (await timelineOfOrder(db, order.order_number));
    if (order) return { kind: 'order', order, ...(timeline ? { timeline } : {}) };
  }
  if (r.url.searchParams.has(ORDER_LINK_PARAM)) return useLink(db, r, id);
  if (visitor.kind === 'customer') {
    const own = await orderOfCustomer(db, locale, { customerId: visitor.customerId, email: visitor.profile.email }, id);
    if (own) return { kind: 'redirect', to: pathFor('my-account-orders-id', locale, { id }) };
  }
  return { kind: 'form', status: 404 };
}

async function useLink(db: Db, r: PageRequest, id: string): Promise<GuestOrderPage> {
  const refused = { kind: 'form', status: 400, number: id, linkRefused: true } as const;
  if (r.request.method !== 'POST') {
    const token = r.url.searchParams.get(ORDER_LINK_PARAM) ?? '';
    return (await orderLinkUsable(db, token, id)) && (await orderOfGuest(db, r.locale, id)) ? { kind: 'link', token } : refused;
  }
  const form = isSameOriginPost(r.request.headers) ? await r.request.formData().catch(() => undefined) : undefined;
  // The order must be this storefront's before the link is spent on it.
  if (!form || !(await orderOfGuest(db, r.locale, id)) || !(await consumeOrderLink(db, form.get('token'), id))) return refused;
  setSessionCookies(r.cookies, r.request, await startSession(db, { scope: 'my-order', orderId: id }));
  return { kind: 'redirect', to: pathFor('my-order-id', r.locale, { id }) };
}
