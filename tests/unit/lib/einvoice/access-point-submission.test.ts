/** The Storecove document submission the adapter sends, and the delivery events it reads (docs/adr/0037-einvoice-delivery.md). */
import { describe, expect, it } from 'vitest';
import { base64Utf8, deliveryEventOf, documentSubmission, documentSubmissionSchema } from '#lib/einvoice/access-point-submission.ts';

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice>Åtgärd & co – €</Invoice>';

describe('documentSubmission', () => {
  const body = documentSubmission({
    legalEntityId: 4242,
    idempotencyGuid: 'a1b2c3',
    receiver: { scheme: '0007', id: '5567321707' },
    documentType: 'invoice',
    xml: XML,
  });

  it("is Storecove's shape: legal entity, idempotency guid, routing by the Peppol id, the UBL as base64 to parse", () => {
    expect(body).toEqual({
      legalEntityId: 4242,
      idempotencyGuid: 'a1b2c3',
      routing: { eIdentifiers: [{ scheme: '0007', id: '5567321707' }], emails: [] },
      document: { documentType: 'invoice', rawDocumentData: { document: expect.any(String), parse: true, parseStrategy: 'ubl' } },
    });
    expect(documentSubmissionSchema.safeParse(body).success).toBe(true);
  });

  it('carries the document byte for byte (UTF-8)', () => {
    expect(Buffer.from(body.document.rawDocumentData.document, 'base64').toString('utf8')).toBe(XML);
    const long = 'ø'.repeat(200_000);
    expect(Buffer.from(base64Utf8(long), 'base64').toString('utf8')).toBe(long);
  });

  it('the schema refuses what Storecove would: no legal entity, bad base64, an unknown field', () => {
    expect(documentSubmissionSchema.safeParse({ ...body, legalEntityId: 0 }).success).toBe(false);
    const bad = { ...body, document: { ...body.document, rawDocumentData: { document: 'not base64!' } } };
    expect(documentSubmissionSchema.safeParse(bad).success).toBe(false);
    expect(documentSubmissionSchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
  });
});

describe('deliveryEventOf', () => {
  const event = (o: object) => JSON.stringify({ event_type: 'document_submission', document_submission_guid: 'g-1', ...o });

  it('succeeded → delivered, failed → failed with the details', () => {
    expect(deliveryEventOf(event({ event: 'succeeded' }))).toEqual({ submission: 'g-1', outcome: 'delivered', details: null });
    expect(deliveryEventOf(event({ event: 'failed', details: 'no SMP' }))).toEqual({
      submission: 'g-1',
      outcome: 'failed',
      details: 'no SMP',
    });
  });

  it('anything else is no delivery outcome', () => {
    expect(deliveryEventOf(event({ event: 'queued' }))).toBeNull();
    expect(deliveryEventOf(JSON.stringify({ event_type: 'received_document', guid: 'x' }))).toBeNull();
    expect(deliveryEventOf('not json')).toBeNull();
  });
});
