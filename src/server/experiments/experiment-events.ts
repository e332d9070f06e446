/**
 * Stores a visitor's experiment events (docs/product/experiments.md#results): the first exposure per visitor and
 * experiment, every add-to-cart. Server time, not the browser's. Exposures of experiments that do not run on the
 * storefront (a tab opened before the configuration changed) are ignored.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ExperimentEventsAnswer, experimentEventsRequestSchema } from '#lib/api/experiment-contracts.ts';
import type { RunningExperiment } from '#lib/experiments/running.ts';
import { ConsentFlag, has, readConsent } from '#lib/consent/flags.ts';
import { setOrderExperimentVisitor } from '#server/orders/order-writes.ts';

type EventsRequest = z.output<typeof experimentEventsRequestSchema>;

export async function recordExperimentEvents(
  db: Db,
  locale: LocaleCode,
  running: readonly RunningExperiment[],
  body: EventsRequest,
  now = new Date().toISOString(),
): Promise<ExperimentEventsAnswer> {
  const runs = (experiment: string, variant: string) =>
    running.some((e) => e.name === experiment && e.variants.some((v) => v.name === variant));
  const exposures = new Map<string, string>();
  for (const e of body.events)
    if (e.type === 'exposure' && runs(e.experiment, e.variant) && !exposures.has(e.experiment)) exposures.set(e.experiment, e.variant);
  const adds = body.events.flatMap((e) => (e.type === 'add_to_cart' ? [e] : []));
  // one request's events are stored together or not at all
  return db.transaction().execute(async (trx) => {
    let stored = 0;
    if (exposures.size) {
      const r = await trx
        .insertInto('experiment_exposures')
        .values(
          [...exposures].map(([experiment, variant]) => ({ visitor_id: body.visitor_id, experiment, variant, locale, exposed_at: now })),
        )
        .onConflict((oc) => oc.columns(['visitor_id', 'experiment']).doNothing())
        .executeTakeFirst();
      stored = Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    if (adds.length)
      await trx
        .insertInto('experiment_cart_adds')
        .values(
          adds.map((a) => ({ id: randomUUID(), visitor_id: body.visitor_id, locale, sku: a.sku, quantity: a.quantity, added_at: now })),
        )
        .execute();
    return { exposures: stored, add_to_carts: adds.length };
  });
}

/** Statistics consent as the request's __consent cookie says (the server does not take the browser's word for it). */
export function statisticsAllowed(headers: Headers): boolean {
  const consent = readConsent(headers.get('cookie') ?? '');
  return consent !== undefined && has(consent, ConsentFlag.AnalyticsStorage);
}

/** The visitor who opened a checkout: only with statistics consent, on an open checkout. */
export async function recordCheckoutVisitor(db: Db, headers: Headers, checkoutId: string, visitorId: string | undefined): Promise<void> {
  if (!visitorId || !statisticsAllowed(headers)) return;
  await db
    .updateTable('checkouts')
    .set({ experiment_visitor_id: visitorId })
    .where('id', '=', checkoutId)
    .where('status', '=', 'open')
    .execute();
}

/**
 * At completion, in its transaction (src/server/checkout/complete-checkout.ts): the checkout's visitor goes onto
 * the order, which the report joins to the visitor's exposures.
 */
export async function recordOrderVisitor(trx: Db, checkoutId: string, orderNumber: string): Promise<void> {
  const row = await trx.selectFrom('checkouts').select('experiment_visitor_id').where('id', '=', checkoutId).executeTakeFirst();
  if (row?.experiment_visitor_id) await setOrderExperimentVisitor(trx, orderNumber, row.experiment_visitor_id);
}
