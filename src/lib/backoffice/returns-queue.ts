/** The returns and withdrawals queue (docs/product/back-office-data.md#returns-queue), as plain data. */
import type { ReturnState } from '#lib/returns/return-states.ts';

export const RETURN_QUEUE_STATES: readonly [ReturnState, ...ReturnState[]] = ['requested', 'approved', 'rejected', 'received', 'refunded'];

export interface ReturnQueueRow {
  rma: string;
  orderNumber: string;
  storefront: string;
  email: string;
  kind: 'return' | 'withdrawal';
  state: ReturnState;
  reason: string | null;
  comment: string | null;
  /** The order's lines this request names, with their names from the order. */
  lines: { sku: string; name: string; quantity: number }[];
  refundMinor: number;
  currency: string;
  requestedAt: string;
  updatedAt: string;
}
