/**
 * POST /v71/payments/{paymentPspReference}/captures | cancels | refunds. Like Adyen: a well-formed
 * request is answered 201 `received` at once; whether it worked arrives as a CAPTURE / REFUND /
 * CANCELLATION notification (success=false with a reason when the payment did not allow it).
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { randomString } from '../shared/ids.ts';
import { adyenError, invalidMerchant } from './adyen-errors.ts';
import { cancelInput, captureOrRefundInput, validate } from './adyen-schemas.ts';
import type { AdyenContext, AdyenPayment, AdyenSession, Amount } from './adyen-state.ts';
import { notify } from './notification-signer.ts';

export type Modification = 'captures' | 'cancels' | 'refunds';

export function modify(ctx: AdyenContext, psp: string, action: Modification, body: unknown, merchantAccount: string): ApiAnswer {
  const session = ctx.store.byPsp.get(psp);
  const payment = session?.payment;
  if (!session || !payment) return adyenError(422, '167', 'Original pspReference required for this operation');
  const input = action === 'cancels' ? validate(cancelInput, body) : validate(captureOrRefundInput, body);
  if (!input.ok) return input.answer;
  const req = input.value as { merchantAccount: string; amount?: Amount; reference?: string };
  if (req.merchantAccount !== merchantAccount || session.merchantAccount !== merchantAccount) return invalidMerchant();
  if (req.amount && req.amount.currency !== session.amount.currency) return adyenError(422, '137', 'Invalid amount specified');
  const pspReference = randomString(16);
  const amount = req.amount ?? session.amount;
  const refusal = apply(action, payment, session, amount.value);
  const eventCode = action === 'captures' ? 'CAPTURE' : action === 'refunds' ? 'REFUND' : 'CANCELLATION';
  notify(ctx, session, {
    eventCode,
    success: !refusal,
    pspReference,
    originalReference: psp,
    amount,
    paymentMethod: payment.brand,
    ...(refusal ? { reason: refusal } : {}),
  });
  const answer: Record<string, unknown> = {
    merchantAccount,
    paymentPspReference: psp,
    pspReference,
    status: 'received',
    ...(req.reference ? { reference: req.reference } : {}),
    ...(req.amount ? { amount: req.amount } : {}),
  };
  return { status: 201, body: answer };
}

/** Applies the modification; returns Adyen's refusal reason when the payment does not allow it. */
function apply(action: Modification, payment: AdyenPayment, session: AdyenSession, value: number): string | null {
  if (payment.state !== 'authorised') return 'Payment is not authorised';
  if (payment.cancelled) return 'Payment has been cancelled';
  if (action === 'captures') {
    if (value <= 0 || payment.captured + value > session.amount.value) return 'Insufficient balance on payment';
    payment.captured += value;
  } else if (action === 'refunds') {
    if (value <= 0 || payment.refunded + value > payment.captured) return 'Insufficient balance on payment';
    payment.refunded += value;
  } else {
    if (payment.captured > 0) return 'Payment has been captured; refund it instead';
    payment.cancelled = true;
  }
  return null;
}
