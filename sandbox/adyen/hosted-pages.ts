/**
 * The shopper side of the emulator: GET/POST /adyen/checkoutshopper/pay/{sessionId} and
 * /adyen/checkoutshopper/challenge/{sessionId}. Plain form posts; every finished step redirects (303)
 * to the shop's returnUrl with sessionId and sessionResult, and queues the notification.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { notFound, readForm, redirect, sendHtml } from '../shared/http-io.ts';
import type { AdyenContext, AdyenSession } from './adyen-state.ts';
import { METHOD_TYPES, TEST_CARDS, type MethodType } from './adyen-test-data.ts';
import { challengePage, chooserPage, closedPage, methodPage } from './hosted-page-views.ts';
import { authorise, cancelByShopper, expireSessions, refuse, returnLocation, startPayment } from './payment-outcome.ts';

export async function handleHostedPage(
  ctx: AdyenContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  const match = /^\/checkoutshopper\/(pay|challenge)\/([^/]+)$/.exec(path);
  expireSessions(ctx, Date.now());
  const session = match ? ctx.store.sessions.get(decodeURIComponent(match[2]!)) : undefined;
  if (!match || !session) return notFound(res);
  const challenge = match[1] === 'challenge';
  if (req.method === 'GET') return sendHtml(res, 200, showPage(session, challenge, url.searchParams.get('method')));
  if (req.method !== 'POST') return notFound(res);
  if (session.status !== 'active') return sendHtml(res, 409, closedPage(session));
  const form = await readForm(req);
  const action = form.get('action') ?? '';
  if (challenge) return finishChallenge(ctx, res, session, action);
  if (action === 'cancel') {
    cancelByShopper(session);
    return redirect(res, returnLocation(session));
  }
  const method = allowedMethod(session, form.get('method'));
  if (!method || session.payment) return sendHtml(res, 400, closedPage(session));
  if (method === 'scheme' || method === 'dankort') return payByCard(ctx, res, session, method, form.get('number') ?? '');
  const payment = startPayment(ctx, session, method, method);
  if (action === 'approve') authorise(ctx, session, payment);
  else refuse(ctx, session, payment, 'Refused');
  return redirect(res, returnLocation(session));
}

function showPage(session: AdyenSession, challenge: boolean, requested: string | null): string {
  if (session.status !== 'active') return closedPage(session);
  if (challenge) return session.payment?.state === 'challenge' ? challengePage(session) : closedPage(session);
  const method =
    allowedMethod(session, requested) ?? (session.allowedPaymentMethods.length === 1 ? session.allowedPaymentMethods[0] : undefined);
  return method ? methodPage(session, method) : chooserPage(session);
}

function payByCard(ctx: AdyenContext, res: ServerResponse, session: AdyenSession, method: MethodType, number: string): void {
  const card = TEST_CARDS[number.replace(/\D/g, '')];
  if (!card) return sendHtml(res, 422, methodPage(session, method, 'Unknown card number: the sandbox accepts only the test cards below.'));
  const payment = startPayment(ctx, session, method, method === 'dankort' ? 'dankort' : card.brand);
  if (card.outcome === 'challenge') return redirect(res, `/adyen/checkoutshopper/challenge/${encodeURIComponent(session.id)}`);
  if (card.outcome === 'approve') authorise(ctx, session, payment);
  else refuse(ctx, session, payment, 'Refused');
  redirect(res, returnLocation(session));
}

function finishChallenge(ctx: AdyenContext, res: ServerResponse, session: AdyenSession, action: string): void {
  const payment = session.payment;
  if (payment?.state !== 'challenge') return sendHtml(res, 409, closedPage(session));
  if (action === 'complete') authorise(ctx, session, payment);
  else refuse(ctx, session, payment, '3D Not Authenticated', '01');
  redirect(res, returnLocation(session));
}

function allowedMethod(session: AdyenSession, requested: string | null): MethodType | undefined {
  const method = METHOD_TYPES.find((m) => m === requested);
  return method && session.allowedPaymentMethods.includes(method) ? method : undefined;
}
