/**
 * What people open: the shipping label (GET /ingrid/labels/{trackingNumber}.pdf) and the tracking
 * page behind tracking_link (GET /ingrid/tracking/order/{tosId}, like tracking.ingrid.com/order/…).
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml, renderPage } from '../shared/html-page.ts';
import { notFound, sendHtml } from '../shared/http-io.ts';
import { labelPdf } from './ingrid-label-pdf.ts';
import type { IngridStore } from './ingrid-store.ts';

export function sendLabel(store: IngridStore, res: ServerResponse, trackingNumber: string): void {
  const found = store.findParcel(trackingNumber);
  if (!found) return notFound(res);
  const { shipment, parcel } = found;
  const session = shipment.session;
  const to = session.selection?.location?.address ?? session.order?.customer;
  const pdf = labelPdf([
    `SANDBOX LABEL - ${shipment.category.carrier}`,
    shipment.category.name,
    `Tracking: ${parcel.trackingNumber}`,
    `Order: ${session.order?.externalId ?? shipment.tosId}`,
    `To: ${session.order?.customer?.name ?? ''}`,
    to ? `${to.postal_code} ${to.city}, ${session.countryCode}` : session.countryCode,
    ...(session.selection?.location ? [`Pickup: ${session.selection.location.name}`] : []),
    `Weight: ${parcel.weight} g`,
    'Not valid for real shipping.',
  ]);
  res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length, 'cache-control': 'no-store' }).end(pdf);
}

export function sendTrackingPage(store: IngridStore, res: ServerResponse, tosId: string): void {
  const shipment = [...store.shipments.values()].find((s) => s.tosId === tosId);
  if (!shipment) return notFound(res);
  const rows = shipment.parcels
    .map((p) => {
      const steps = [...store.progress(shipment, p)]
        .reverse()
        .map(
          (s) =>
            `<tr><td>${escapeHtml(s.time.slice(0, 16).replace('T', ' '))}</td><td>${escapeHtml(s.step.replace('STEP_', '').toLowerCase().replaceAll('_', ' '))}</td></tr>`,
        )
        .join('');
      return `<h2>${escapeHtml(p.trackingNumber)}</h2><table>${steps}</table>`;
    })
    .join('');
  sendHtml(
    res,
    200,
    renderPage({
      provider: 'Ingrid',
      title: `Your delivery with ${shipment.category.carrier}`,
      body: `<p>${escapeHtml(shipment.category.name)}</p>${rows}`,
    }),
  );
}
