/**
 * The states of an e-invoice's delivery through the access point (docs/product/e-invoices.md#delivery):
 * queued → sending → sent (the access point took it) → delivered (the receiver's access point has it) or failed;
 * a refused or long-unreachable submission is failed; without a Peppol participant id or an access point, skipped
 * with the reason. Staff can send any of them again except one under way.
 */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const isDeliveryStatus = (s: string): s is DeliveryStatus => (DELIVERY_STATUSES as readonly string[]).includes(s);

/** Whether "send again" may queue it anew (not while it waits or is being sent). */
export const canSendAgain = (s: DeliveryStatus): boolean => s !== 'queued' && s !== 'sending';

/** The reasons a delivery is skipped, as stored in its last_error. */
export const SKIP_REASONS = {
  noParticipantId: 'no Peppol participant id: the buyer has no company account with one',
  noAccessPoint: 'no access point configured (STORECOVE_*; docs/product/e-invoices.md#configuration)',
} as const;
