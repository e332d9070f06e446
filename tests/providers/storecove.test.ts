/**
 * The Storecove adapter against the sandbox emulator (docs/adr/0037-einvoice-delivery.md): a Peppol BIS 3.0 invoice
 * submitted and routed by the receiver's Peppol id, idempotent retries, Storecove's refusals and faults, the pull
 * webhook queue; then the delivery pass over an embedded database: queued → sent → delivered, failed, retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#lib/market/locales.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';
import { registrationId, type PartyId } from '#lib/einvoice/peppol-identifiers.ts';
import { ublInvoice } from '#lib/einvoice/ubl-invoice.ts';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { StorecoveClient } from '#server/einvoice/storecove-client.ts';
import { deliverDueEInvoices, type RenderDocument } from '#server/einvoice/deliver-einvoices.ts';
import { deliveryOf, queueDelivery, requeueDelivery } from '#server/einvoice/delivery-queue.ts';
import { STORECOVE_API_KEY, STORECOVE_LEGAL_ENTITY_ID } from '#sandbox/storecove/storecove-test-data.ts';
import type { Submission } from '#sandbox/storecove/storecove-emulator.ts';
import { useProviderSandbox } from './provider-sandbox.ts';

const box = useProviderSandbox('storecove');
const RECEIVER: PartyId = { scheme: '0007', id: '5567321707' };
const UNREACHABLE: PartyId = { scheme: '0007', id: '0000000000' };

/** A Swedish business invoice addressed to `endpoint`. */
function invoiceXml(number: string, endpoint: PartyId): string {
  const seller = SELLERS.sv;
  return ublInvoice({
    number,
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    currency: LOCALES.sv.currency,
    buyerReference: 'Anna Andersson',
    seller: { name: seller.legalName, vatNumber: seller.vatNumber, party: seller.einvoice },
    buyer: {
      name: 'Verkstad AB',
      registration: registrationId('sv', '556036-0793')!,
      endpoint,
      street: 'Storgatan 1',
      postalCode: '12345',
      city: 'Stockholm',
      countryCode: 'SE',
      contact: { name: 'Anna Andersson' },
    },
    paymentId: number,
    paymentTerms: '30 dagar netto',
    lines: [{ sku: 'PF-1', name: 'Filter', quantity: 2, totalMinor: 25_000, vatRate: 25 }],
    rates: [{ rate: 25, netMinor: 20_000, vatMinor: 5_000, grossMinor: 25_000 }],
    shippingName: 'Frakt',
  });
}

const client = (over: { apiKey?: string; legalEntityId?: number; timeoutMs?: number } = {}) =>
  new StorecoveClient({
    baseUrl: `${box.sandbox.url}/storecove/api/v2`,
    apiKey: STORECOVE_API_KEY,
    legalEntityId: STORECOVE_LEGAL_ENTITY_ID,
    timeoutMs: 1500,
    ...over,
  });
const submissions = async () => (await (await fetch(`${box.sandbox.url}/storecove/_sandbox/submissions`)).json()) as Submission[];
const submit = (c: StorecoveClient, guid: string, receiver = RECEIVER, xml = invoiceXml('1001', receiver)) =>
  c.submit({ idempotencyGuid: guid, receiver, documentType: 'invoice', xml });

describe('document submission', () => {
  it('takes a Peppol BIS 3.0 invoice routed to the buyer; the emulator has the document as sent', async () => {
    const xml = invoiceXml('1001', RECEIVER);
    const guid = await submit(client(), 'g-1', RECEIVER, xml);
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    const [s] = await submissions();
    expect(s).toMatchObject({ guid, idempotencyGuid: 'g-1', documentType: 'invoice', receiver: RECEIVER, document: { number: '1001' } });
    expect(s!.xml).toBe(xml);
  });

  it('a retried submission with the same idempotency guid is the same submission', async () => {
    const c = client();
    expect(await submit(c, 'g-2')).toBe(await submit(c, 'g-2'));
    expect(await submissions()).toHaveLength(1);
  });

  it("refuses a document addressed to another receiver than it is routed to, in Storecove's 422 list", async () => {
    const error = await submit(client(), 'g-3', RECEIVER, invoiceXml('1002', { scheme: '0007', id: '5560360793' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ status: 422, code: 'routing.eIdentifiers' });
    expect(await submissions()).toEqual([]);
  });

  it('refuses a wrong key (401) and another legal entity (422)', async () => {
    await expect(submit(client({ apiKey: 'wrong' }), 'g-4')).rejects.toMatchObject({ status: 401 });
    await expect(submit(client({ legalEntityId: 7 }), 'g-5')).rejects.toMatchObject({ status: 422, code: 'legalEntityId' });
  });

  it('a 5xx or a slow answer → ProviderUnavailable (to be tried again)', async () => {
    await box.control('faults', { failNext: 1 });
    await expect(submit(client(), 'g-6')).rejects.toBeInstanceOf(ProviderUnavailable);
    await box.control('faults', { delayMs: 2000 });
    await expect(submit(client(), 'g-7')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('delivery events (pull webhooks)', () => {
  it('one event per submission, oldest first: succeeded → delivered, an unreachable receiver → failed; gone once acknowledged', async () => {
    const c = client();
    const ok = await submit(c, 'e-1');
    const bad = await submit(c, 'e-2', UNREACHABLE);
    const first = await c.nextEvent();
    expect(first?.event).toEqual({ submission: ok, outcome: 'delivered', details: null });
    await c.acknowledge(first!.guid);
    const second = await c.nextEvent();
    expect(second?.event).toMatchObject({ submission: bad, outcome: 'failed', details: expect.stringContaining('Peppol network') });
    await c.acknowledge(second!.guid);
    expect(await c.nextEvent()).toBeNull();
    await expect(c.acknowledge(second!.guid)).rejects.toMatchObject({ status: 404 });
  });
});

describe('the delivery pass', () => {
  let db: Db;
  beforeAll(async () => {
    db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
  });
  const render: RenderDocument = async (_db, orderNumber, _doc, receiver) => invoiceXml(orderNumber, receiver);
  const queue = (orderNumber: string, receiver: PartyId | null, skipReason: string | null = null) =>
    queueDelivery(db, { orderNumber, document: 'invoice', receiver: receiver && `${receiver.scheme}:${receiver.id}`, skipReason });

  it('sends a queued invoice and records its delivery; an unreachable receiver ends failed with the reason', async () => {
    await queue('2001', RECEIVER);
    await queue('2002', UNREACHABLE);
    await queue('2003', null, 'no Peppol participant id');
    const summary = await deliverDueEInvoices(db, client(), render);
    expect(summary).toEqual({ sent: 2, retrying: 0, failed: 0, events: 2 });
    const [s1, s2] = await submissions();
    expect(await deliveryOf(db, '2001', 'invoice')).toMatchObject({
      status: 'delivered',
      provider_id: s1!.guid,
      attempts: 1,
      last_error: null,
    });
    expect(await deliveryOf(db, '2002', 'invoice')).toMatchObject({
      status: 'failed',
      provider_id: s2!.guid,
      last_error: expect.stringContaining('Peppol network'),
    });
    expect(await deliveryOf(db, '2003', 'invoice')).toMatchObject({
      status: 'skipped',
      attempts: 0,
      last_error: 'no Peppol participant id',
    });
    // queued once: a second queueing of the same order changes nothing
    await queue('2001', RECEIVER);
    expect((await deliverDueEInvoices(db, client(), render)).sent).toBe(0);
  });

  it('an unreachable access point is tried again later; a refusal fails at once', async () => {
    await queue('2101', RECEIVER);
    await box.control('faults', { failNext: 1 });
    const now = new Date();
    expect(await deliverDueEInvoices(db, client(), render, now)).toMatchObject({ retrying: 1 });
    const waiting = await deliveryOf(db, '2101', 'invoice');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('503') });
    expect(Date.parse(waiting!.next_attempt_at) - now.getTime()).toBeGreaterThanOrEqual(60_000);
    expect(await deliverDueEInvoices(db, client(), render, new Date(now.getTime() + 61_000))).toMatchObject({ sent: 1 });

    await queue('2102', RECEIVER);
    expect(await deliverDueEInvoices(db, client({ legalEntityId: 7 }), render)).toMatchObject({ failed: 1 });
    expect(await deliveryOf(db, '2102', 'invoice')).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('legalEntityId'),
    });
  });

  it('"send again" queues a new submission (a new idempotency guid), not while one is queued', async () => {
    await queue('2201', RECEIVER);
    await deliverDueEInvoices(db, client(), render);
    const before = (await deliveryOf(db, '2201', 'invoice'))!;
    expect(before.status).toBe('delivered');
    const again = { orderNumber: '2201', document: 'invoice' as const, receiver: '0007:5567321707', skipReason: null };
    expect(await requeueDelivery(db, again)).toBe(true);
    expect(await requeueDelivery(db, again)).toBe(false); // already queued
    await deliverDueEInvoices(db, client(), render);
    const after = (await deliveryOf(db, '2201', 'invoice'))!;
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(after.provider_id).not.toBe(before.provider_id);
    expect(new Set((await submissions()).map((s) => s.idempotencyGuid))).toEqual(new Set([before.id, after.id]));
  });
});
