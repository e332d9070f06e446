/**
 * One delivery pass (docs/product/e-invoices.md#delivery), as the mail outbox's: due `queued` rows (and `sending` ones
 * whose process died) are claimed row by row — an UPDATE only one process wins — rendered, submitted to the access
 * point and marked `sent` with its id; an unreachable access point is tried again on the mail retry schedule, then
 * `failed`; a refusal (4xx) is `failed` at once with its reason. Then the access point's delivery events are read:
 * `delivered` or `failed` by the submission's id.
 */
import type { Db } from '#server/db/connection.ts';
import { retryDelayMs } from '#lib/mail/retry-schedule.ts';
import { parseParticipantId, type PartyId } from '#lib/einvoice/peppol-identifiers.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { creditNoteIdOf, type DeliveryRow, type EDocument } from './delivery-queue.ts';
import type { StorecoveClient } from './storecove-client.ts';

const STALE_CLAIM_MS = 10 * 60_000;
/** At most this many events are read per pass (the rest wait for the next). */
const EVENTS_PER_PASS = 100;

/** The UBL document of an order, addressed to the receiver (the back office's and the account's download is the same). */
export type RenderDocument = (db: Db, orderNumber: string, document: EDocument, receiver: PartyId) => Promise<string | undefined>;

export interface EInvoicePassSummary {
  sent: number;
  retrying: number;
  failed: number;
  events: number;
}

async function claim(db: Db, id: string, at: string, staleBefore: string): Promise<boolean> {
  const r = await db
    .updateTable('einvoice_deliveries')
    .set({ status: 'sending', claimed_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

type Outcome = { providerId: string } | { error: unknown };

async function settle(db: Db, row: DeliveryRow, outcome: Outcome, now: Date): Promise<'sent' | 'retrying' | 'failed'> {
  const attempts = row.attempts + 1;
  const at = now.toISOString();
  if ('providerId' in outcome) {
    await db
      .updateTable('einvoice_deliveries')
      .set({ status: 'sent', attempts, provider_id: outcome.providerId, last_error: null, claimed_at: null, updated_at: at })
      .where('id', '=', row.id)
      .execute();
    return 'sent';
  }
  const delay = outcome.error instanceof ProviderUnavailable ? retryDelayMs(attempts) : null;
  const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  await db
    .updateTable('einvoice_deliveries')
    .set({
      status: delay === null ? 'failed' : 'queued',
      attempts,
      claimed_at: null,
      last_error: message.slice(0, 500),
      next_attempt_at: new Date(now.getTime() + (delay ?? 0)).toISOString(),
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
  return delay === null ? 'failed' : 'retrying';
}

async function sendOne(db: Db, client: StorecoveClient, render: RenderDocument, row: DeliveryRow): Promise<Outcome> {
  try {
    const receiver = parseParticipantId(row.receiver ?? '');
    if (!receiver.ok) throw new Error(`not a Peppol participant id: ${row.receiver ?? '(none)'}`);
    const note = creditNoteIdOf(row.document);
    if (row.document !== 'invoice' && !note) throw new Error(`unknown document ${row.document}`);
    const document: EDocument = note ? `credit-note:${note}` : 'invoice';
    const xml = await render(db, row.order_id, document, receiver.value);
    if (!xml) throw new Error(`order ${row.order_id} has no ${note ? 'credit note' : 'e-invoice'} ${note ?? ''}`.trim());
    const documentType = note ? 'creditnote' : 'invoice';
    return { providerId: await client.submit({ idempotencyGuid: row.id, receiver: receiver.value, documentType, xml }) };
  } catch (error) {
    return { error };
  }
}

/** Reads the access point's waiting events: each submission's outcome onto its row, then the event acknowledged. */
async function readEvents(db: Db, client: StorecoveClient, now: Date): Promise<number> {
  let handled = 0;
  for (; handled < EVENTS_PER_PASS; handled++) {
    const pulled = await client.nextEvent();
    if (!pulled) break;
    if (pulled.event) {
      const e = pulled.event;
      await db
        .updateTable('einvoice_deliveries')
        .set({ status: e.outcome, last_error: e.details?.slice(0, 500) ?? null, updated_at: now.toISOString() })
        .where('provider_id', '=', e.submission)
        .where('status', 'in', ['sent', 'delivered', 'failed'])
        .execute();
    }
    // Another node may have acknowledged it first: its row is updated all the same.
    await client.acknowledge(pulled.guid).catch((err: unknown) => {
      if (!(err instanceof ProviderRequestError && err.status === 404)) throw err;
    });
  }
  return handled;
}

export async function deliverDueEInvoices(
  db: Db,
  client: StorecoveClient,
  render: RenderDocument,
  now = new Date(),
  limit = 50,
): Promise<EInvoicePassSummary> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const due = await db
    .selectFrom('einvoice_deliveries')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const summary: EInvoicePassSummary = { sent: 0, retrying: 0, failed: 0, events: 0 };
  for (const row of due) {
    if (!(await claim(db, row.id, at, staleBefore))) continue; // another process has it
    summary[await settle(db, row, await sendOne(db, client, render, row), new Date())] += 1;
  }
  // Events are read only while a submission waits for its outcome: a pass with nothing out asks the access point nothing.
  const waiting = await db.selectFrom('einvoice_deliveries').select('id').where('status', '=', 'sent').limit(1).executeTakeFirst();
  if (waiting) summary.events = await readEvents(db, client, new Date());
  return summary;
}
