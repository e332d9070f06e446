/**
 * HPP session transitions: each one updates the session and posts a status callback
 * (`{ event_id, session }`, unsigned, like Klarna's) to merchant_urls.status_update. Approval issues
 * an authorization token and, unless place_order_mode is NONE, places (or places and captures) the order.
 */
import { randomString, uuid } from '../shared/ids.ts';
import type { HppSession, HppStatus, KlarnaContext, MerchantUrlName } from './klarna-state.ts';
import { AUTHORIZATION_TTL_MS } from './klarna-test-data.ts';
import { hppSessionView } from './klarna-views.ts';
import { placeOrder } from './payments-api.ts';

export function setHppStatus(ctx: KlarnaContext, session: HppSession, status: HppStatus): void {
  session.status = status;
  session.updatedAt = Date.now();
  const url = session.merchantUrls.status_update;
  if (!url) return;
  const target = fillPlaceholders(url, session);
  ctx.notifier.enqueue({
    url: target,
    label: `${status} ${session.id}`,
    body: JSON.stringify({ event_id: uuid(), session: hppSessionView(session) }),
  });
}

export function approve(ctx: KlarnaContext, session: HppSession): void {
  const kp = ctx.store.kp.get(session.kpSessionId);
  if (!kp) return setHppStatus(ctx, session, 'ERROR');
  const auth = { token: uuid(), kpSessionId: kp.id, expiresAt: Date.now() + AUTHORIZATION_TTL_MS };
  ctx.store.authorizations.set(auth.token, auth);
  session.authorizationToken = auth.token;
  if (session.placeOrderMode !== 'NONE') {
    const order = placeOrder(ctx, kp, auth);
    session.orderId = order.id;
    if (session.placeOrderMode === 'CAPTURE_ORDER') {
      order.captures.push({
        id: uuid(),
        amount: order.data.order_amount,
        at: new Date().toISOString(),
        reference: `auto-${randomString(6)}`,
      });
    }
  }
  setHppStatus(ctx, session, 'COMPLETED');
}

/** The merchant URL for an outcome with {{session_id}}, {{authorization_token}}, {{order_id}} filled in; null when none was given. */
export function merchantRedirect(session: HppSession, name: MerchantUrlName): string | null {
  const url = session.merchantUrls[name];
  return url ? fillPlaceholders(url, session) : null;
}

function fillPlaceholders(url: string, session: HppSession): string {
  const values: Record<string, string> = {
    session_id: session.id,
    authorization_token: session.authorizationToken ?? '',
    order_id: session.orderId ?? '',
  };
  // Also the URL-encoded form, in case a client encoded the braces.
  return url.replace(/(?:\{\{|%7B%7B)(\w+)(?:\}\}|%7D%7D)/gi, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name]!) : whole,
  );
}
