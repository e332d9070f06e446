/**
 * What the shop says to its Peppol access point and what it hears back (docs/adr/0037-einvoice-delivery.md): Storecove's
 * document submission (`POST /document_submissions`) carrying the UBL document as is, routed by the receiver's Peppol
 * participant id, and the delivery events of its pull webhook queue (`GET /webhook_instances/`). Pure: the adapter in
 * src/server/einvoice sends and reads; the sandbox emulator checks the same shapes.
 */
import { z } from 'zod';
import type { PartyId } from './peppol-identifiers.ts';

/** The documents the shop sends (Storecove's `documentType`). */
export type EDocumentType = 'invoice' | 'creditnote';

export interface DocumentSubmission {
  legalEntityId: number;
  /** Storecove answers a repeated guid with the first submission, so a retried POST never sends twice. */
  idempotencyGuid: string;
  routing: { eIdentifiers: { scheme: string; id: string }[]; emails: string[] };
  document: {
    documentType: EDocumentType;
    /** `parse`: Storecove reads the UBL (its checks run before it is sent); `parseStrategy`: which syntax it is. */
    rawDocumentData: { document: string; parse: true; parseStrategy: 'ubl' };
  };
}

/** The submission of one UBL document to one receiver. */
export function documentSubmission(input: {
  legalEntityId: number;
  idempotencyGuid: string;
  receiver: PartyId;
  documentType: EDocumentType;
  xml: string;
}): DocumentSubmission {
  return {
    legalEntityId: input.legalEntityId,
    idempotencyGuid: input.idempotencyGuid,
    routing: { eIdentifiers: [{ scheme: input.receiver.scheme, id: input.receiver.id }], emails: [] },
    document: {
      documentType: input.documentType,
      rawDocumentData: { document: base64Utf8(input.xml), parse: true, parseStrategy: 'ubl' },
    },
  };
}

/** UTF-8 bytes as base64 (isomorphic: no Buffer), in chunks so a long document never overflows the call stack. */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The request body as the emulator checks it (and as the adapter's tests read it back). */
export const documentSubmissionSchema = z.strictObject({
  legalEntityId: z.number().int().positive(),
  idempotencyGuid: z.string().min(1).max(64).optional(),
  routing: z.strictObject({
    eIdentifiers: z.array(z.strictObject({ scheme: z.string().min(1), id: z.string().min(1) })).max(10),
    emails: z.array(z.email()).max(10).optional(),
  }),
  document: z.strictObject({
    documentType: z.enum(['invoice', 'creditnote']),
    rawDocumentData: z.strictObject({
      document: z
        .string()
        .min(1)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64'),
      parse: z.boolean().optional(),
      parseStrategy: z.literal('ubl').optional(),
    }),
  }),
});

/** 200 to a submission. */
export const submissionAnswerSchema = z.object({ guid: z.string().min(1) });

/** Storecove's 422: a list of `{ source, details }`. */
export const storecoveErrorsSchema = z.array(z.object({ source: z.string().nullish(), details: z.string().nullish() }));

/** One pulled webhook: its own guid (to delete it once handled) and its body, a JSON string. */
export const webhookInstanceSchema = z.object({ guid: z.string().min(1), body: z.string() });

/** The body of a sending event: the submission's guid and whether it reached the receiver. */
const sendingEventSchema = z.object({
  event_type: z.literal('document_submission'),
  event: z.string(),
  document_submission_guid: z.string().min(1),
  details: z.string().nullish(),
});

export type DeliveryEvent = { submission: string; outcome: 'delivered' | 'failed'; details: string | null };

/**
 * A pulled webhook's body as a delivery outcome, or null for any other event (received documents, unknown kinds):
 * `succeeded` → delivered to the receiver's access point, `failed` → not delivered (the details say why).
 */
export function deliveryEventOf(body: string): DeliveryEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = sendingEventSchema.safeParse(json);
  if (!parsed.success) return null;
  const { event, document_submission_guid: submission, details } = parsed.data;
  if (event === 'succeeded') return { submission, outcome: 'delivered', details: null };
  if (event === 'failed') return { submission, outcome: 'failed', details: details ?? 'the access point could not deliver it' };
  return null;
}
