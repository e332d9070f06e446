/**
 * The `/{prefix}/_sandbox/…` endpoints every emulator offers: `POST faults`, `POST reset`,
 * `GET notifications` (the delivery log), plus the emulator's own extras (e.g. `POST expire`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultsInput, type FaultState } from './faults.ts';
import { parseJsonBody, readBody, writeAnswer, type ApiAnswer } from './http-io.ts';
import type { Notifier } from './notifier.ts';

export interface ControlContext {
  faults: FaultState;
  notifier: Notifier;
  /** Clears the emulator's own state (sessions, payments …). */
  reset(): void;
  /** Emulator-specific POST controls by name, given the parsed JSON body. */
  extra?: Record<string, (body: unknown) => ApiAnswer>;
}

export async function handleControl(req: IncomingMessage, res: ServerResponse, name: string, ctx: ControlContext): Promise<void> {
  if (req.method === 'GET' && name === 'notifications') return writeAnswer(res, { status: 200, body: ctx.notifier.log });
  if (req.method === 'GET' && name === 'faults') return writeAnswer(res, { status: 200, body: ctx.faults.current });
  if (req.method !== 'POST') return writeAnswer(res, { status: 405, body: { error: 'use POST' } });
  const parsed = parseJsonBody(await readBody(req));
  if (!parsed.ok) return writeAnswer(res, { status: 400, body: { error: `malformed JSON: ${parsed.error}` } });
  const body = parsed.value ?? {};
  if (name === 'reset') {
    ctx.faults.reset();
    ctx.notifier.reset();
    ctx.reset();
    return writeAnswer(res, { status: 200, body: { reset: true } });
  }
  if (name === 'faults') {
    const input = faultsInput.safeParse(body);
    if (!input.success)
      return writeAnswer(res, {
        status: 400,
        body: { error: input.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') },
      });
    return writeAnswer(res, { status: 200, body: ctx.faults.set(input.data) });
  }
  const extra = ctx.extra?.[name];
  if (extra) return writeAnswer(res, extra(body));
  return writeAnswer(res, { status: 404, body: { error: `no sandbox control '${name}'` } });
}
