/**
 * A checkout's shipping answer from its processor, and the `shipping` provider session it keeps
 * (docs/product/checkout.md#shipping). A processor with sessions (Ingrid) gets one session per checkout:
 * created on the first quote, then `session.update` whenever what it prices changes (address, weight,
 * goods total). Its last answer is remembered on the session record: reused while fresh for the same
 * inputs (a step that changes only the e-mail costs no call), and when the processor is down — so a
 * checkout already priced, and its completion, never depend on the processor answering again.
 * With no usable answer a failing processor is ShippingUnavailable (the checkout answers 503).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ProviderSession } from '#server/providers/provider-session.ts';
import type { ServicePoint, ShippingOption, ShippingProvider, ShippingQuoteInput } from './shipping-provider.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('shipping');

/** How long a remembered answer stands in for a new call (prices at a processor do not move by the minute). */
export const SHIPPING_ANSWER_FRESH_MS = 10 * 60_000;

interface Remembered<T> {
  /** The inputs that were priced: the answer holds for exactly these. */
  key: string;
  at: string;
  value: T;
}

/** Kept on the `shipping` session record (ProviderSessionRecord.shipping). */
export interface ShippingMemo {
  options: Remembered<ShippingOption[]>;
  points?: Remembered<ServicePoint[]>;
}

/** The `shipping` session as the checkout records it (amountMinor is the goods total it was given, reference the checkout id). */
export interface ShippingSessionRecord extends ProviderSession {
  shipping?: ShippingMemo;
}

/** The processor could not answer and nothing remembered fits: retryable, the checkout itself is saved. */
export class ShippingUnavailable extends Error {
  readonly provider: string;
  constructor(provider: string, cause: unknown) {
    super(`${provider}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.provider = provider;
  }
}

export interface ShippingAsk {
  checkoutId: string;
  locale: LocaleCode;
  /** A completed checkout is only shown: its processor session is done, nothing is asked again. */
  open: boolean;
  /** Null when there is nothing to price yet (no valid postal code, no lines). */
  quote: ShippingQuoteInput | null;
  optionId: string | null;
  /** The checkout's `shipping` session as recorded. */
  record: ShippingSessionRecord | undefined;
}

export interface ShippingAnswer {
  options: ShippingOption[];
  servicePoints: ServicePoint[];
  /** The `shipping` session to record on the checkout: set when it is new or holds a new answer. */
  changed?: ShippingSessionRecord;
}

export const quoteKey = (q: ShippingQuoteInput): string =>
  JSON.stringify([q.locale, q.countryCode, q.currency, q.postalCode, q.city ?? '', q.street ?? '', q.weightGrams, q.goodsTotalMinor]);

export async function shippingAnswer(provider: ShippingProvider, ask: ShippingAsk, now = Date.now()): Promise<ShippingAnswer> {
  if (!ask.quote) return { options: [], servicePoints: [] };
  const quote = ask.quote;
  // A session of another provider (the processor or its configuration changed) is not this one's.
  const kept = ask.record?.provider === provider.id ? ask.record : undefined;
  const at = new Date(now).toISOString();
  const key = quoteKey(quote);
  const usable = <T>(r: Remembered<T> | undefined, k: string) => (r?.key === k ? r : undefined);
  const fresh = <T>(r: Remembered<T> | undefined) => !!r && (!ask.open || now - Date.parse(r.at) < SHIPPING_ANSWER_FRESH_MS);
  // Only a provider that keeps sessions is ever answered from memory; eel is asked every time (offline, instant).
  const offline = !ask.open && kept !== undefined;

  let record = kept;
  let changed = false;
  const remembered = usable(kept?.shipping?.options, key);
  let options: ShippingOption[];
  if (fresh(remembered)) options = remembered!.value;
  else if (offline) options = [];
  else {
    try {
      const answer = await provider.options({ ...quote, reference: ask.checkoutId }, kept?.id);
      options = answer.options;
      if (answer.sessionId) {
        record = {
          id: answer.sessionId,
          locale: ask.locale,
          provider: provider.id,
          amountMinor: quote.goodsTotalMinor, // the goods total the session was given (its cart.total_value)
          reference: ask.checkoutId,
          openedAt: kept?.id === answer.sessionId ? kept.openedAt : at,
          shipping: { options: { key, at, value: options } },
        };
        changed = true;
      }
    } catch (err) {
      if (!remembered) throw new ShippingUnavailable(provider.id, err);
      log.warn(
        { err: errorText(err), provider: provider.id, checkout: ask.checkoutId },
        'shipping provider did not answer, using its last answer',
      );
      options = remembered.value;
    }
  }

  const option = options.find((o) => o.id === ask.optionId);
  let servicePoints: ServicePoint[] = [];
  if (option?.hasServicePoints) {
    const pointsKey = JSON.stringify([option.id, quote.countryCode, quote.postalCode]);
    const known = usable(record?.shipping?.points, pointsKey);
    if (fresh(known)) servicePoints = known!.value;
    else if (!offline) {
      try {
        servicePoints = await provider.servicePoints(option.id, quote);
        if (record?.shipping) {
          record = { ...record, shipping: { ...record.shipping, points: { key: pointsKey, at, value: servicePoints } } };
          changed = true;
        }
      } catch (err) {
        if (!known) throw new ShippingUnavailable(provider.id, err);
        log.warn(
          { err: errorText(err), provider: provider.id, checkout: ask.checkoutId },
          'shipping provider listed no service points, using the last list',
        );
        servicePoints = known.value;
      }
    }
  }
  return { options, servicePoints, ...(changed && record ? { changed: record } : {}) };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
