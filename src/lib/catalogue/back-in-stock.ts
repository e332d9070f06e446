/**
 * Back in stock, the rules (docs/product/parts-finder.md#back-in-stock), pure: which products offer the form,
 * when a waiting request is due its one e-mail, what a request may do next, and how the notification mails are
 * spread over time.
 */
import { z } from 'zod';

/** Stock statuses that cannot be ordered whatever the catalogue's `orderable` says. */
export const UNAVAILABLE_STATUSES: readonly string[] = ['out-of-stock', 'discontinued'];

export interface StockFacts {
  orderable: boolean;
  stock_status: string;
}

/** Whether the stock status alone allows an order (the operator's stock edits keep `orderable` in step with it). */
export const orderableByStatus = (stockStatus: string): boolean => !UNAVAILABLE_STATUSES.includes(stockStatus);

/** The product can be put in the cart and ordered now. */
export const canOrderNow = (p: StockFacts): boolean => p.orderable && orderableByStatus(p.stock_status);

/** The product page offers the back-in-stock form: a notifyable product that cannot be ordered now. */
export const offersStockAlert = (p: StockFacts & { notifyable: boolean }): boolean => p.notifyable && !canOrderNow(p);

export type StockAlertState = 'pending' | 'waiting' | 'ended';

export interface StockAlertRow {
  confirmed_at: string | null;
  ended_at: string | null;
}

/** pending: not confirmed yet; waiting: confirmed, not ended (the only state that is ever notified); ended. */
export function stockAlertState(r: StockAlertRow): StockAlertState {
  if (r.ended_at) return 'ended';
  return r.confirmed_at ? 'waiting' : 'pending';
}

/** A request gets its e-mail only when confirmed, not ended, and its product can be ordered now. */
export const isDueForNotification = (r: StockAlertRow, product: StockFacts): boolean =>
  stockAlertState(r) === 'waiting' && canOrderNow(product);

/** Confirming: a pending request becomes waiting; a waiting one stays (a second click is harmless); an ended one cannot. */
export type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'ended';
export function confirmOutcome(r: StockAlertRow): ConfirmOutcome {
  const s = stockAlertState(r);
  return s === 'pending' ? 'confirmed' : s === 'waiting' ? 'already_confirmed' : 'ended';
}

/** Notification mails at most `perMinute` a minute: the k-th of a batch is due `k × 60 / perMinute` s after `start`. */
export function notificationSlots(start: Date, count: number, perMinute: number): Date[] {
  const gapMs = Math.ceil(60_000 / Math.max(1, perMinute));
  return Array.from({ length: count }, (_, k) => new Date(start.getTime() + k * gapMs));
}

/** Where a new batch starts: after the last slot already given out (another batch, another node), never in the past. */
export function nextSlotStart(now: Date, lastScheduled: Date | null, perMinute: number): Date {
  if (!lastScheduled) return now;
  const after = lastScheduled.getTime() + Math.ceil(60_000 / Math.max(1, perMinute));
  return new Date(Math.max(now.getTime(), after));
}

/** Bumped whenever the consent sentence's meaning changes: each request records the version it was given under. */
export const STOCK_ALERT_CONSENT_VERSION = '2026-11-1';

/** The product page's form as posted (docs/product/parts-finder.md#back-in-stock). */
export const stockAlertFormSchema = z.object({
  product_id: z.coerce.number().int().positive().max(2_147_483_647),
  email: z.string().trim().max(254).pipe(z.email()),
});
export type StockAlertForm = z.infer<typeof stockAlertFormSchema>;
