/**
 * The shopper side: GET/POST /klarna/pay/{hppSessionId} (the redirect_url). Opening the page moves the
 * session to IN_PROGRESS; the shopper's choice ends it as COMPLETED (approved person), FAILED
 * (declined person or Decline), CANCELLED or BACK, and the browser goes to the matching merchant URL.
 * Simplification: FAILED is final here (Klarna lets the shopper try again).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { notFound, readForm, redirect, sendHtml } from '../shared/http-io.ts';
import { liveSession } from './hpp-api.ts';
import { approve, merchantRedirect, setHppStatus } from './hpp-outcome.ts';
import { closedPage, paymentPage, resultPage } from './hpp-page-views.ts';
import type { HppSession, HppStatus, KlarnaContext, MerchantUrlName } from './klarna-state.ts';

const OPEN: HppStatus[] = ['WAITING', 'IN_PROGRESS'];

export async function handlePaymentPage(ctx: KlarnaContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const id = /^\/pay\/([^/]+)$/.exec(path)?.[1];
  const known = id ? ctx.store.hpp.get(decodeURIComponent(id)) : undefined;
  if (!known) return notFound(res);
  const session = liveSession(ctx, known.id);
  const kp = ctx.store.kp.get(known.kpSessionId);
  if (!session || !kp || !OPEN.includes(session.status)) return sendHtml(res, 410, closedPage(known, !session));
  if (req.method === 'GET') {
    if (session.status === 'WAITING') setHppStatus(ctx, session, 'IN_PROGRESS');
    return sendHtml(res, 200, paymentPage(session, kp));
  }
  if (req.method !== 'POST') return notFound(res);
  const form = await readForm(req);
  const action = form.get('action');
  if (action === 'approve' && form.get('person') !== 'declined') {
    approve(ctx, session);
    return finish(res, session, 'success');
  }
  if (action === 'approve' || action === 'decline') return end(ctx, res, session, 'FAILED', 'failure');
  if (action === 'cancel') return end(ctx, res, session, 'CANCELLED', 'cancel');
  if (action === 'back') return end(ctx, res, session, 'BACK', 'back');
  return sendHtml(res, 400, paymentPage(session, kp));
}

function end(ctx: KlarnaContext, res: ServerResponse, session: HppSession, status: HppStatus, url: MerchantUrlName): void {
  setHppStatus(ctx, session, status);
  finish(res, session, url);
}

function finish(res: ServerResponse, session: HppSession, url: MerchantUrlName): void {
  const location = merchantRedirect(session, url);
  if (location) return redirect(res, location);
  sendHtml(res, 200, resultPage(session));
}
