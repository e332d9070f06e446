/**
 * Ingrid emulator, mounted at /ingrid: Delivery Checkout (/ingrid/v1/delivery_checkout/…), SOM booking
 * (/ingrid/v1/som/…) and Delivery Tracking (/ingrid/v1/delivery_tracking/parcels) with Bearer site-token
 * auth; labels and tracking pages; controls under /ingrid/_sandbox/… incl. `advance` (tracking steps),
 * `tracking` ({ stepMs }) and `sessions` ({ cart_id? }: the sessions as the emulator holds them). Point the adapter's baseUrl at http://HOST:PORT/ingrid.
 * Ingrid sends no per-session notifications to the shop, so the notifier only keeps the control API uniform.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Emulator, EmulatorOptions } from '../shared/emulator-module.ts';
import { FaultState } from '../shared/faults.ts';
import { notFound as notFoundPage, parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { Notifier } from '../shared/notifier.ts';
import { handleControl } from '../shared/sandbox-controls.ts';
import { sendLabel, sendTrackingPage } from './ingrid-documents.ts';
import { invalid, notFound, serverFault, unauthorized } from './ingrid-errors.ts';
import { complete, create, locations, read, update } from './ingrid-session-api.ts';
import { bookShipment, readShipment, trackingParcels } from './ingrid-shipping-api.ts';
import { INGRID_SITE_TOKEN } from './ingrid-site-config.ts';
import { IngridStore } from './ingrid-store.ts';

const PREFIX = '/ingrid';
const advanceInput = z.strictObject({ tracking_number: z.string().optional(), steps: z.number().int().min(1).max(10).default(1) });
const trackingInput = z.strictObject({ stepMs: z.number().int().min(10).max(86_400_000) });
const sessionsInput = z.strictObject({ cart_id: z.string().optional() });

export function createEmulator(opts: EmulatorOptions): Emulator {
  const faults = new FaultState();
  const notifier = new Notifier(() => faults.current);
  const publicBase = `${opts.publicBaseUrl.replace(/\/+$/, '')}${PREFIX}`;
  let store = new IngridStore();
  const controls = {
    faults,
    notifier,
    reset: () => {
      store = new IngridStore();
    },
    extra: {
      /** Moves parcels (one, or all) on by `steps` tracking steps now. */
      advance(body: unknown): ApiAnswer {
        const input = advanceInput.safeParse(body);
        if (!input.success) return { status: 400, body: { error: 'send { "tracking_number"?: string, "steps"?: 1-10 }' } };
        let moved = 0;
        for (const shipment of store.shipments.values()) {
          for (const parcel of shipment.parcels) {
            if (input.data.tracking_number && parcel.trackingNumber !== input.data.tracking_number) continue;
            store.progress(shipment, parcel, input.data.steps);
            moved++;
          }
        }
        return { status: moved ? 200 : 404, body: { advanced: moved } };
      },
      /** The checkout sessions (optionally of one cart_id), oldest first: what the shop created, updated and completed. */
      sessions(body: unknown): ApiAnswer {
        const input = sessionsInput.safeParse(body);
        if (!input.success) return { status: 400, body: { error: 'send { "cart_id"?: string }' } };
        const sessions = [...store.sessions.values()]
          .filter((s) => !input.data.cart_id || s.cart.cart_id === input.data.cart_id)
          .map((s) => ({
            checkout_session_id: s.id,
            status: s.status,
            cart_id: s.cart.cart_id,
            total_value: s.cart.total_value,
            postal_code: s.searchAddress?.postal_code ?? null,
            updates: s.updates,
            selection: s.selection && {
              category_id: s.selection.categoryId,
              location_external_id: s.selection.location?.external_id ?? null,
            },
            external_id: s.order?.externalId ?? null,
            tos_id: s.order?.tosId ?? null,
          }));
        return { status: 200, body: { sessions } };
      },
      /** Sets how fast tracking advances by itself (default one step per minute). */
      tracking(body: unknown): ApiAnswer {
        const input = trackingInput.safeParse(body);
        if (!input.success) return { status: 400, body: { error: 'send { "stepMs": 10-86400000 }' } };
        store.stepMs = input.data.stepMs;
        return { status: 200, body: { stepMs: store.stepMs } };
      },
    },
  };
  return {
    prefix: PREFIX,
    async handle(req, res, url) {
      const path = url.pathname.slice(PREFIX.length) || '/';
      if (path.startsWith('/_sandbox/')) return handleControl(req, res, path.slice('/_sandbox/'.length), controls);
      const label = /^\/labels\/([^/]+)\.pdf$/.exec(path);
      if (label && req.method === 'GET') return sendLabel(store, res, decodeURIComponent(label[1]!));
      const tracking = /^\/tracking\/order\/([^/]+)$/.exec(path);
      if (tracking && req.method === 'GET') return sendTrackingPage(store, res, decodeURIComponent(tracking[1]!));
      if (path.startsWith('/v1/')) return writeAnswer(res, await api(store, publicBase, faults, req, path, url.searchParams));
      notFoundPage(res);
    },
    close: () => notifier.close(),
  };
}

async function api(
  store: IngridStore,
  publicBase: string,
  faults: FaultState,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<ApiAnswer> {
  const text = await readBody(req);
  if (await faults.beforeApiCall()) return serverFault();
  if (req.headers.authorization !== `Bearer ${INGRID_SITE_TOKEN}`) return unauthorized();
  const json = parseJsonBody(text);
  if (!json.ok) return invalid(`malformed JSON: ${json.error}`);
  const route = `${req.method} ${path}`;
  switch (route) {
    case 'POST /v1/delivery_checkout/session.create':
      return create(store, json.value);
    case 'POST /v1/delivery_checkout/session.update':
      return update(store, json.value);
    case 'POST /v1/delivery_checkout/session.complete':
      return complete(store, json.value);
    case 'GET /v1/delivery_checkout/session.get':
    case 'GET /v1/delivery_checkout/session.pull':
      return read(store, query.get('checkout_session_id'));
    case 'GET /v1/delivery_checkout/locations.list':
      return locations(query);
    case 'POST /v1/som/shipments.createAndBook':
      return bookShipment(store, publicBase, json.value);
    case 'GET /v1/som/shipments.get':
      return readShipment(store, publicBase, query.get('shipment_id'));
    case 'GET /v1/delivery_tracking/parcels':
      return trackingParcels(store, query);
    default:
      return notFound(`${route} is not emulated`);
  }
}
