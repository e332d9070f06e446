/**
 * A return's life (docs/product/returns.md#states) as data for the shared `transition`:
 *   requested →approve→ approved →receive→ received →refund→ refunded
 *   requested →reject→ rejected
 * A withdrawal made in time cannot be refused, so it starts approved (the acknowledgement e-mail says so);
 * a return under the shop's policy starts requested and staff approve or reject it.
 */
import { transition, type StateMachine, type TransitionResult } from '#lib/orders/order-states.ts';
import type { ReturnKind } from './return-windows.ts';

export type ReturnState = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded';
export type ReturnEvent = 'approve' | 'reject' | 'receive' | 'refund';

export const RETURN_MACHINE: StateMachine<ReturnState, ReturnEvent> = {
  requested: { approve: 'approved', reject: 'rejected' },
  approved: { receive: 'received' },
  received: { refund: 'refunded' },
  rejected: {},
  refunded: {},
};

export const RETURN_STATES = Object.keys(RETURN_MACHINE) as ReturnState[];

export function initialReturnState(kind: ReturnKind): ReturnState {
  return kind === 'withdrawal' ? 'approved' : 'requested';
}

export function transitionReturn(state: ReturnState, event: ReturnEvent): TransitionResult<ReturnState, ReturnEvent> {
  return transition(RETURN_MACHINE, state, event);
}

/** The returns whose lines count against what is left to return (a rejected one gives its units back). */
export const countsAgainstOrder = (state: ReturnState) => state !== 'rejected';

/** RMA number: the order number and the return's sequence on that order ("RMA-1001007-2"). */
export function rmaNumber(orderNumber: string, sequence: number): string {
  return `RMA-${orderNumber}-${sequence}`;
}
