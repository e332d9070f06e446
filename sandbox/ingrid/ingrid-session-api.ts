/**
 * Delivery Checkout endpoints: session.create, session.update, session.get / session.pull,
 * session.complete, plus locations.list — the emulator's stand-in for the pickup-location search
 * the shipping selector widget does for the shopper (no public endpoint in the real API).
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { invalid, notFound, ok, schemaError } from './ingrid-errors.ts';
import { completeSession, createSession, updateSession } from './ingrid-request-schemas.ts';
import { pickupLocations } from './ingrid-service-points.ts';
import { htmlSnippet, offered, sessionView } from './ingrid-session-view.ts';
import { COUNTRIES, findCategory } from './ingrid-site-config.ts';
import type { IngridStore, Session } from './ingrid-store.ts';

const answer = (session: Session, extra: Record<string, unknown> = {}): ApiAnswer =>
  ok({ session: sessionView(session), html_snippet: htmlSnippet(session), ...extra });

export function create(store: IngridStore, body: unknown): ApiAnswer {
  const input = createSession.safeParse(body);
  if (!input.success) return schemaError(input.error);
  const r = input.data;
  const country = COUNTRIES[r.purchase_country];
  if (!country) return invalid(`purchase_country ${r.purchase_country} is not configured for this site`);
  if (country.currency !== r.purchase_currency) return invalid(`purchase_currency must be ${country.currency} for ${r.purchase_country}`);
  const session: Session = {
    id: store.newSessionId(),
    status: 'ACTIVE',
    country,
    countryCode: r.purchase_country,
    currency: r.purchase_currency,
    cart: r.cart,
    searchAddress: r.search_address ?? null,
    selection: null,
    order: null,
    updatedAt: new Date().toISOString(),
    updates: 0,
  };
  store.sessions.set(session.id, session);
  return answer(session, { token: Buffer.from(session.id).toString('base64') });
}

export function read(store: IngridStore, id: string | null): ApiAnswer {
  const session = id ? store.sessions.get(id) : undefined;
  return session ? answer(session) : notFound(`checkout session ${id ?? '(no checkout_session_id)'}`);
}

export function update(store: IngridStore, body: unknown): ApiAnswer {
  const input = updateSession.safeParse(body);
  if (!input.success) return schemaError(input.error);
  const r = input.data;
  const session = store.sessions.get(r.checkout_session_id);
  if (!session) return notFound(`checkout session ${r.checkout_session_id}`);
  if (session.status !== 'ACTIVE') return invalid(`session ${session.id} is ${session.status}`);
  if (r.cart) session.cart = r.cart;
  if (r.search_address) session.searchAddress = r.search_address;
  if (r.selection) {
    const category = offered(session).find((c) => c.id === r.selection!.category_id);
    if (!category) return invalid(`category ${r.selection.category_id} is not offered in this session`);
    const locationId = r.selection.location_external_id;
    const location = locationId
      ? pickupLocations(session.countryCode, category, session.searchAddress?.postal_code ?? '').find((l) => l.external_id === locationId)
      : undefined;
    if (locationId && !location)
      return invalid(`location ${locationId} is not a pickup location of ${category.id} near the search address`);
    session.selection = { categoryId: category.id, location: location ?? null };
  }
  session.updatedAt = new Date().toISOString();
  session.updates++;
  return answer(session);
}

/** Completing again answers the completed session (so a retried call is harmless). */
export function complete(store: IngridStore, body: unknown): ApiAnswer {
  const input = completeSession.safeParse(body);
  if (!input.success) return schemaError(input.error);
  const session = store.sessions.get(input.data.checkout_session_id);
  if (!session) return notFound(`checkout session ${input.data.checkout_session_id}`);
  if (session.status === 'ACTIVE') {
    const category = offered(session).find((c) => c.id === session.selection?.categoryId) ?? offered(session)[0];
    if (!category) return invalid('no delivery option is available for this cart');
    // Like the widget, a pickup option without a chosen point gets the nearest one.
    const location =
      session.selection?.location ??
      (category.deliveryType === 'pickup'
        ? (pickupLocations(session.countryCode, category, session.searchAddress?.postal_code ?? '')[0] ?? null)
        : null);
    session.selection = { categoryId: category.id, location };
    store.complete(session, input.data.external_id ?? null, input.data.customer ?? null);
  }
  return answer(session);
}

export function locations(query: URLSearchParams): ApiAnswer {
  const found = findCategory(query.get('category_id') ?? '');
  const country = query.get('country') ?? '';
  const postal = query.get('postal_code') ?? '';
  if (!found) return notFound(`category ${query.get('category_id') ?? ''}`);
  if (found.category.deliveryType !== 'pickup') return invalid(`category ${found.category.id} has no pickup locations`);
  if (!COUNTRIES[country] || COUNTRIES[country] !== found.country || !postal.trim())
    return invalid('country (of the category) and postal_code are required');
  return ok({ carrier: found.category.carrier, locations: pickupLocations(country, found.category, postal) });
}
