/**
 * When a message SMTP refused is tried again (docs/product/emails.md#delivery): quickly at first (a
 * restarting relay), then spaced out over two days; after that it stays in the outbox as `failed` for an
 * operator to retry. Never dropped.
 */
const DELAYS_MINUTES = [1, 5, 15, 60, 180, 360, 720, 1440] as const;

/** Milliseconds until the next attempt after `attempts` failed ones, or null when the message has failed for good. */
export function retryDelayMs(attempts: number): number | null {
  const minutes = DELAYS_MINUTES[attempts - 1];
  return minutes === undefined ? null : minutes * 60_000;
}

export const MAX_ATTEMPTS = DELAYS_MINUTES.length + 1;
