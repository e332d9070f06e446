/** POST /v71/sessions and GET /v71/sessions/{id}?sessionResult=… */
import type { ApiAnswer } from '../shared/http-io.ts';
import { randomString, token } from '../shared/ids.ts';
import { adyenError, invalidMerchant } from './adyen-errors.ts';
import { sessionInput, validate } from './adyen-schemas.ts';
import type { AdyenContext, AdyenSession } from './adyen-state.ts';
import { METHOD_TYPES, SESSION_MAX_TTL_MS, SESSION_TTL_MS } from './adyen-test-data.ts';
import { expireSessions } from './payment-outcome.ts';

export function createSession(ctx: AdyenContext, body: unknown, merchantAccount: string): ApiAnswer {
  const input = validate(sessionInput, body);
  if (!input.ok) return input.answer;
  const req = input.value;
  if (req.merchantAccount !== merchantAccount) return invalidMerchant();
  const now = Date.now();
  const expiresAt = req.expiresAt ? Date.parse(req.expiresAt) : now + SESSION_TTL_MS;
  if (expiresAt > now + SESSION_MAX_TTL_MS)
    return adyenError(422, 'SANDBOX_EXPIRES_AT', 'expiresAt must be within 24 hours of session creation.');
  const session: AdyenSession = {
    id: `CS${randomString(16)}`,
    merchantAccount: req.merchantAccount,
    amount: req.amount,
    reference: req.reference,
    returnUrl: req.returnUrl,
    mode: req.mode,
    allowedPaymentMethods: req.allowedPaymentMethods?.length ? req.allowedPaymentMethods : [...METHOD_TYPES],
    ...(req.shopperLocale ? { shopperLocale: req.shopperLocale } : {}),
    ...(req.countryCode ? { countryCode: req.countryCode } : {}),
    manualCapture: req.additionalData?.manualCapture === 'true',
    expiresAt,
    status: 'active',
    sessionData: token(48),
    sessionResults: new Set(),
    request: req,
  };
  ctx.store.sessions.set(session.id, session);
  const url = session.mode === 'hosted' ? { url: `${ctx.publicBaseUrl}/adyen/checkoutshopper/pay/${session.id}` } : {};
  return {
    status: 201,
    body: {
      ...req,
      id: session.id,
      expiresAt: new Date(expiresAt).toISOString(),
      sessionData: session.sessionData,
      mode: session.mode,
      ...url,
    },
  };
}

export function readSession(ctx: AdyenContext, id: string, sessionResult: string | null): ApiAnswer {
  expireSessions(ctx, Date.now());
  const session = ctx.store.sessions.get(id);
  if (!session) return adyenError(422, 'SANDBOX_SESSION_UNKNOWN', `Session ${id} does not exist.`);
  if (!sessionResult) return adyenError(422, '130', "Required field 'sessionResult' is not provided.");
  if (!session.sessionResults.has(sessionResult))
    return adyenError(422, 'SANDBOX_SESSION_RESULT_INVALID', 'Invalid sessionResult for this session.');
  const payment = session.payment?.state === 'authorised' ? session.payment : undefined;
  return {
    status: 200,
    body: {
      id: session.id,
      status: session.status,
      reference: session.reference,
      // "A list of all authorised payments done for this session."
      ...(payment
        ? {
            payments: [
              {
                pspReference: payment.pspReference,
                resultCode: 'Authorised',
                amount: session.amount,
                paymentMethod: { type: payment.method, brand: payment.brand },
              },
            ],
          }
        : {}),
    },
  };
}
