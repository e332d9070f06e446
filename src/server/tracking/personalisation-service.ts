/**
 * Calls to the retail personalisation service (docs/product/tracking.md#personalisation-service): the visitor
 * id for a website, and a placed order reported for a visitor id. The browser only reaches these through our
 * API (after consent), so the page's CSP names no further host and the websiteUUid stays configuration.
 */
import { z } from 'zod';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { ProviderUnavailableError } from '#lib/errors/domain-errors.ts';
import { confirmationFor } from '#server/orders/confirmation.ts';
import type { PersonalisationConfig } from './personalisation-config.ts';

export class PersonalisationUnavailable extends ProviderUnavailableError {}

const visitorAnswer = z.object({ id: z.string().min(1).max(128) });

async function post(config: PersonalisationConfig, body: unknown): Promise<Response> {
  try {
    return await fetch(config.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    throw new PersonalisationUnavailable(`personalisation service unreachable: ${(err as Error).message}`);
  }
}

/** POST { websiteUUid } → { id }. */
export async function visitorId(config: PersonalisationConfig): Promise<string> {
  const res = await post(config, { websiteUUid: config.websiteUuid });
  const parsed = visitorAnswer.safeParse(res.ok ? await res.json().catch(() => null) : null);
  if (!parsed.success) throw new PersonalisationUnavailable(`personalisation service answered ${res.status}`);
  return parsed.data.id;
}

/**
 * The order placed from this checkout (the checkout id is the browser's secret key, as on the confirmation
 * page), reported for the visitor. undefined: no such order in this storefront.
 */
export async function reportPurchase(
  db: Db,
  config: PersonalisationConfig,
  locale: LocaleCode,
  checkoutId: string,
  visitor: string,
): Promise<true | undefined> {
  const order = await confirmationFor(db, locale, checkoutId);
  if (!order) return undefined;
  const res = await post(config, {
    websiteUUid: config.websiteUuid,
    id: visitor,
    event: 'purchase',
    transaction_id: order.order_number,
    currency: order.totals.currency,
    value_minor: order.totals.total_minor,
    items: order.items.map((i) => ({ sku: i.sku, quantity: i.quantity, unit_price_minor: i.unit_price_minor })),
  });
  await res.body?.cancel().catch(() => {});
  if (!res.ok) throw new PersonalisationUnavailable(`personalisation service answered ${res.status}`);
  return true;
}
