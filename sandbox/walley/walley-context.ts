/** What the Walley emulator's handlers share, and the notification every purchase outcome sends. */
import type { Notifier } from '../shared/notifier.ts';
import type { Checkout, WalleyStore } from './walley-store.ts';

export interface WalleyContext {
  store: WalleyStore;
  notifier: Notifier;
  /** Access tokens handed out by /oauth2/v2.0/token, with their expiry (ms). */
  tokens: Map<string, number>;
}

/** Walley fills `{checkout.id}` and `{checkout.publictoken}` into the URIs it calls or redirects to. */
export function fillPlaceholders(uri: string, checkout: Checkout): string {
  return uri
    .replaceAll('{checkout.id}', encodeURIComponent(checkout.privateId))
    .replaceAll('{checkout.publictoken}', encodeURIComponent(checkout.publicToken));
}

/**
 * Walley calls notificationUri (a GET with no body) when a purchase completes or is aborted; the
 * shared notifier delivers with POST and an empty JSON body, which carries nothing either: the shop
 * must only use the URL's query, as for the real GET.
 */
export function notifyPurchase(ctx: WalleyContext, checkout: Checkout, label: string): void {
  ctx.notifier.enqueue({
    url: fillPlaceholders(checkout.request.notificationUri, checkout),
    body: '{}',
    label: `${label} ${checkout.privateId}`,
  });
}
