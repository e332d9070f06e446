/**
 * Sends queued e-invoices in the server process (docs/product/e-invoices.md#delivery), as the mail worker does: a pass
 * right after an order queues one, and one every PARTSFRONT_EINVOICE_POLL_S seconds (default 30) for retries and the
 * access point's delivery events. Only with an access point configured (access-point-config.ts).
 */
import type { Db } from '#server/db/connection.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { accessPointConfig, deliveryPollMs } from './access-point-config.ts';
import { deliverDueEInvoices, type RenderDocument } from './deliver-einvoices.ts';
import { StorecoveClient } from './storecove-client.ts';

const log = loggerFor('einvoice');

/** On globalThis, as the mail worker's state: the host and each loaded build bundle share one pass at a time. */
const STATE = Symbol.for('partsfront.einvoice.worker');
interface WorkerState {
  client: StorecoveClient | null;
  render: RenderDocument | null;
  running: boolean;
  again: boolean;
}
const holder = globalThis as typeof globalThis & { [STATE]?: WorkerState };
const state = (holder[STATE] ??= { client: null, render: null, running: false, again: false });

/** Runs a pass now, or once more after the one under way; never throws. Nothing before the worker is started. */
export function kickEInvoiceDelivery(db: Db): void {
  const { client, render } = state;
  if (!client || !render) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void deliverDueEInvoices(db, client, render)
    .then((s) => {
      if (s.sent + s.retrying + s.failed + s.events > 0) log.info(s, 'e-invoice delivery pass');
    })
    .catch((err: unknown) => log.error({ err: err instanceof Error ? err.message : String(err) }, 'e-invoice delivery pass failed'))
    .finally(() => {
      state.running = false;
      if (state.again) {
        state.again = false;
        kickEInvoiceDelivery(db);
      }
    });
}

/** Starts the periodic pass with the document renderer (the host wires it: src/server/checkout/e-invoice.ts); answers a stop function. */
export function startEInvoiceWorker(db: Db, render: RenderDocument): () => void {
  const config = accessPointConfig();
  if (!config) return () => {};
  state.client = new StorecoveClient(config);
  state.render = render;
  kickEInvoiceDelivery(db);
  const ms = deliveryPollMs();
  if (ms === 0) return () => {};
  const timer = setInterval(() => kickEInvoiceDelivery(db), ms);
  timer.unref();
  return () => clearInterval(timer);
}
