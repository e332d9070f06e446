/**
 * The Storecove adapter (docs/adr/0037-einvoice-delivery.md): submits a UBL document for delivery over Peppol
 * (`POST /document_submissions`, bearer key, idempotency guid) and reads delivery events from the pull webhook queue
 * (`GET /webhook_instances/`, deleted once handled). Errors follow the shared rule (http-client.ts): down, 429 or
 * 5xx → ProviderUnavailable (try again later); another 4xx → ProviderRequestError with Storecove's details.
 */
import { JsonHttpClient } from '#server/providers/http-client.ts';
import {
  deliveryEventOf,
  documentSubmission,
  storecoveErrorsSchema,
  submissionAnswerSchema,
  webhookInstanceSchema,
  type DeliveryEvent,
  type EDocumentType,
} from '#lib/einvoice/access-point-submission.ts';
import type { PartyId } from '#lib/einvoice/peppol-identifiers.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import type { AccessPointConfig } from './access-point-config.ts';

const PROVIDER = 'storecove';

/** A pulled webhook: its guid (to acknowledge) and, when it is about a submission, the delivery outcome. */
export interface PulledEvent {
  guid: string;
  event: DeliveryEvent | null;
}

export class StorecoveClient {
  private readonly http: JsonHttpClient;
  private readonly legalEntityId: number;

  constructor(config: Pick<AccessPointConfig, 'baseUrl' | 'apiKey' | 'legalEntityId' | 'timeoutMs'>) {
    this.legalEntityId = config.legalEntityId;
    this.http = new JsonHttpClient({
      provider: PROVIDER,
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
      headers: { authorization: `Bearer ${config.apiKey}` },
      describeError: (body) => {
        const list = storecoveErrorsSchema.safeParse(body);
        if (!list.success || list.data.length === 0) return { code: null, message: typeof body === 'string' ? body.slice(0, 200) : null };
        const first = list.data[0]!;
        return { code: first.source ?? null, message: list.data.map((e) => [e.source, e.details].filter(Boolean).join(': ')).join('; ') };
      },
    });
  }

  /** Submits one document; answers Storecove's guid for it. The same idempotency guid answers the same submission. */
  async submit(input: { idempotencyGuid: string; receiver: PartyId; documentType: EDocumentType; xml: string }): Promise<string> {
    const body = documentSubmission({ legalEntityId: this.legalEntityId, ...input });
    const answer = await this.http.call('POST', '/document_submissions', submissionAnswerSchema, body);
    return answer.data.guid;
  }

  /** The oldest waiting webhook, or null when the queue is empty (204). */
  async nextEvent(): Promise<PulledEvent | null> {
    const answer = await this.http.send('GET', '/webhook_instances/');
    if (answer.status === 204 || answer.json === undefined) return null;
    const parsed = webhookInstanceSchema.safeParse(answer.json);
    if (!parsed.success) throw new ProviderUnavailable(PROVIDER, 'unexpected answer to GET /webhook_instances/');
    return { guid: parsed.data.guid, event: deliveryEventOf(parsed.data.body) };
  }

  /** Removes a handled webhook from the queue. */
  async acknowledge(guid: string): Promise<void> {
    await this.http.send('DELETE', `/webhook_instances/${encodeURIComponent(guid)}`);
  }
}
