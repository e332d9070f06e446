/**
 * Storecove emulator, mounted at /storecove (sandbox/README.md#storecove): the v2 API's document submission
 * (`POST /storecove/api/v2/document_submissions`) and pull webhooks (`GET /storecove/api/v2/webhook_instances/`,
 * `DELETE …/webhook_instances/{guid}`), bearer-key auth, errors as Storecove's 422 list `[{ source, details }]`, an
 * idempotency guid answering the first submission again. Each accepted submission queues its delivery event at once:
 * `succeeded`, or `failed` for an unreachable receiver. Controls: `/storecove/_sandbox/{reset,faults}` and
 * `GET /storecove/_sandbox/submissions` (what was submitted, newest last).
 */
import type { IncomingMessage } from 'node:http';
import { documentSubmissionSchema } from '#lib/einvoice/access-point-submission.ts';
import type { Emulator, EmulatorOptions } from '../shared/emulator-module.ts';
import { FaultState } from '../shared/faults.ts';
import { notFound as notFoundPage, parseJsonBody, readBody, writeAnswer, type ApiAnswer } from '../shared/http-io.ts';
import { uuid } from '../shared/ids.ts';
import { Notifier } from '../shared/notifier.ts';
import { handleControl } from '../shared/sandbox-controls.ts';
import { checkDocument, type CheckedDocument } from './storecove-documents.ts';
import { STORECOVE_API_KEY, STORECOVE_LEGAL_ENTITY_ID, UNREACHABLE_DETAILS, unreachableReceiver } from './storecove-test-data.ts';

const PREFIX = '/storecove';
const API = '/api/v2';

export interface Submission {
  guid: string;
  idempotencyGuid: string | null;
  documentType: string;
  receiver: { scheme: string; id: string };
  document: CheckedDocument;
  /** The submitted XML, decoded (tests validate it). */
  xml: string;
  at: string;
}

interface State {
  submissions: Submission[];
  byIdempotency: Map<string, ApiAnswer>;
  /** Pull webhooks waiting, oldest first. */
  webhooks: { guid: string; body: string }[];
}

const fresh = (): State => ({ submissions: [], byIdempotency: new Map(), webhooks: [] });
const errors = (status: number, list: { source: string; details: string }[]): ApiAnswer => ({ status, body: list });

export function createEmulator(_opts: EmulatorOptions): Emulator {
  const faults = new FaultState();
  const notifier = new Notifier(() => faults.current);
  let state = fresh();
  const controls = { faults, notifier, reset: () => void (state = fresh()) };
  return {
    prefix: PREFIX,
    async handle(req, res, url) {
      const path = url.pathname.slice(PREFIX.length) || '/';
      if (req.method === 'GET' && path === '/_sandbox/submissions') return writeAnswer(res, { status: 200, body: state.submissions });
      if (path.startsWith('/_sandbox/')) return handleControl(req, res, path.slice('/_sandbox/'.length), controls);
      if (path.startsWith(`${API}/`)) return writeAnswer(res, await api(state, faults, req, path.slice(API.length)));
      notFoundPage(res);
    },
    close: () => notifier.close(),
  };
}

async function api(state: State, faults: FaultState, req: IncomingMessage, path: string): Promise<ApiAnswer> {
  const text = await readBody(req);
  if (await faults.beforeApiCall()) return { status: 503, body: { message: 'Service Unavailable (sandbox fault: failNext)' } };
  if (req.headers.authorization !== `Bearer ${STORECOVE_API_KEY}`) return { status: 401, body: { message: 'Unauthorized' } };
  if (req.method === 'POST' && path === '/document_submissions') return submit(state, text);
  if (req.method === 'GET' && path === '/webhook_instances/') {
    const next = state.webhooks[0];
    return next ? { status: 200, body: next } : { status: 204 };
  }
  const hook = /^\/webhook_instances\/([^/]+)$/.exec(path);
  if (req.method === 'DELETE' && hook) {
    const i = state.webhooks.findIndex((w) => w.guid === decodeURIComponent(hook[1]!));
    if (i < 0) return errors(404, [{ source: 'guid', details: 'WebhookInstance not found' }]);
    state.webhooks.splice(i, 1);
    return { status: 204 };
  }
  return errors(404, [{ source: 'path', details: `${req.method} ${path} is not emulated` }]);
}

function submit(state: State, text: string): ApiAnswer {
  const json = parseJsonBody(text);
  if (!json.ok) return errors(422, [{ source: 'body', details: `Malformed JSON: ${json.error}` }]);
  const parsed = documentSubmissionSchema.safeParse(json.value);
  if (!parsed.success)
    return errors(
      422,
      parsed.error.issues.map((i) => ({ source: i.path.join('.') || 'body', details: i.message })),
    );
  const body = parsed.data;
  const seen = body.idempotencyGuid ? state.byIdempotency.get(body.idempotencyGuid) : undefined;
  if (seen) return seen;
  if (body.legalEntityId !== STORECOVE_LEGAL_ENTITY_ID)
    return errors(422, [{ source: 'legalEntityId', details: 'LegalEntity not found or not yours' }]);
  const receiver = body.routing.eIdentifiers[0];
  if (!receiver) return errors(422, [{ source: 'routing', details: 'No routing: give eIdentifiers or emails' }]);
  const checked = checkDocument(body.document.rawDocumentData.document, body.document.documentType);
  if (!checked.ok) return errors(422, [{ source: 'document.rawDocumentData.document', details: checked.details }]);
  const endpoint = checked.value.buyerEndpoint;
  if (endpoint.scheme !== receiver.scheme || endpoint.id !== receiver.id)
    return errors(422, [
      { source: 'routing.eIdentifiers', details: `the document's buyer EndpointID ${endpoint.scheme}:${endpoint.id} is not the receiver` },
    ]);
  const guid = uuid();
  state.submissions.push({
    guid,
    idempotencyGuid: body.idempotencyGuid ?? null,
    documentType: body.document.documentType,
    receiver,
    document: checked.value,
    xml: Buffer.from(body.document.rawDocumentData.document, 'base64').toString('utf8'),
    at: new Date().toISOString(),
  });
  const failed = unreachableReceiver(receiver.id);
  state.webhooks.push({
    guid: uuid(),
    body: JSON.stringify({
      event_type: 'document_submission',
      event: failed ? 'failed' : 'succeeded',
      document_submission_guid: guid,
      receiver: `${receiver.scheme}:${receiver.id}`,
      tenant_id: null,
      ...(failed ? { details: UNREACHABLE_DETAILS } : {}),
    }),
  });
  const answer: ApiAnswer = { status: 200, body: { guid } };
  if (body.idempotencyGuid) state.byIdempotency.set(body.idempotencyGuid, answer);
  return answer;
}
