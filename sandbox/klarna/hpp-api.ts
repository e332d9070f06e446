/**
 * Hosted Payment Page v1: POST /hpp/v1/sessions (for a KP session, by its payment_session_url),
 * GET /hpp/v1/sessions/{id} (404 once expired), DELETE /hpp/v1/sessions/{id} (disable).
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { uuid } from '../shared/ids.ts';
import { badValue, klarnaError, notFound } from './klarna-errors.ts';
import { hppInput, validate } from './klarna-schemas.ts';
import type { HppSession, KlarnaContext } from './klarna-state.ts';
import { HPP_SESSION_TTL_MS } from './klarna-test-data.ts';
import { hppSessionView } from './klarna-views.ts';
import { setHppStatus } from './hpp-outcome.ts';

export function createHppSession(ctx: KlarnaContext, body: unknown): ApiAnswer {
  const input = validate(hppInput, body);
  if (!input.ok) return input.answer;
  const kpId = /\/payments\/v1\/sessions\/([^/?#]+)$/.exec(input.value.payment_session_url)?.[1];
  if (!kpId) return badValue('payment_session_url');
  const kp = ctx.store.kp.get(decodeURIComponent(kpId));
  if (!kp || kp.expiresAt < Date.now()) return notFound('Payment session has expired.');
  if (kp.status === 'complete') return badValue('payment_session_url');
  for (const [name, url] of Object.entries(input.value.merchant_urls ?? {})) {
    if (typeof url === 'string' && !URL.canParse(url.replace(/\{\{\w+\}\}/g, 'x'))) return badValue(`merchant_urls.${name}`);
  }
  const now = Date.now();
  const session: HppSession = {
    id: uuid(),
    kpSessionId: kp.id,
    merchantUrls: input.value.merchant_urls ?? {},
    placeOrderMode: input.value.options?.place_order_mode ?? 'NONE',
    status: 'WAITING',
    updatedAt: now,
    expiresAt: Math.min(now + HPP_SESSION_TTL_MS, kp.expiresAt),
  };
  ctx.store.hpp.set(session.id, session);
  const sessionUrl = `${ctx.apiBase}/hpp/v1/sessions/${session.id}`;
  return {
    status: 201,
    body: {
      session_id: session.id,
      session_url: sessionUrl,
      redirect_url: `${ctx.publicBaseUrl}/klarna/pay/${session.id}`,
      qr_code_url: `${ctx.publicBaseUrl}/klarna/pay/${session.id}/qr`,
      distribution_url: `${sessionUrl}/distribution`,
      expires_at: new Date(session.expiresAt).toISOString(),
    },
  };
}

export function readHppSession(ctx: KlarnaContext, id: string): ApiAnswer {
  const session = liveSession(ctx, id);
  return session
    ? { status: 200, body: hppSessionView(session) }
    : notFound('HPP session has expired or could not be found by provided id.');
}

export function disableHppSession(ctx: KlarnaContext, id: string): ApiAnswer {
  const session = liveSession(ctx, id);
  if (!session) return notFound('HPP session has expired or could not be found by provided id.');
  if (session.status === 'COMPLETED') return klarnaError(400, 'BAD_VALUE', 'HPP session has already been successfully completed.');
  if (session.status !== 'DISABLED') setHppStatus(ctx, session, 'DISABLED');
  return { status: 204 };
}

export function liveSession(ctx: KlarnaContext, id: string): HppSession | undefined {
  const session = ctx.store.hpp.get(id);
  return session && session.expiresAt > Date.now() ? session : undefined;
}
