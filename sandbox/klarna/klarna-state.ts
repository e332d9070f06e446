/** The Klarna emulator's in-memory state: KP sessions, HPP sessions, authorizations and orders. */
import type { Notifier } from '../shared/notifier.ts';
import type { OrderData } from './klarna-schemas.ts';

export type HppStatus =
  'WAITING' | 'BACK' | 'IN_PROGRESS' | 'MANUAL_ID_CHECK' | 'COMPLETED' | 'CANCELLED' | 'FAILED' | 'DISABLED' | 'ERROR';
export type MerchantUrlName = 'success' | 'cancel' | 'back' | 'failure' | 'error' | 'status_update';

export interface KpSession {
  id: string;
  clientToken: string;
  data: OrderData;
  status: 'incomplete' | 'complete';
  expiresAt: number;
}

export interface HppSession {
  id: string;
  kpSessionId: string;
  merchantUrls: Partial<Record<MerchantUrlName, string>>;
  placeOrderMode: 'NONE' | 'PLACE_ORDER' | 'CAPTURE_ORDER';
  status: HppStatus;
  updatedAt: number;
  expiresAt: number;
  authorizationToken?: string;
  orderId?: string;
}

export interface Authorization {
  token: string;
  kpSessionId: string;
  expiresAt: number;
  orderId?: string;
}

export interface Movement {
  id: string;
  amount: number;
  at: string;
  reference?: string;
  description?: string;
}

export interface KlarnaOrder {
  id: string;
  data: OrderData;
  klarnaReference: string;
  createdAt: number;
  expiresAt: number;
  cancelled: boolean;
  captures: Movement[];
  refunds: Movement[];
}

export interface KlarnaStore {
  kp: Map<string, KpSession>;
  hpp: Map<string, HppSession>;
  authorizations: Map<string, Authorization>;
  orders: Map<string, KlarnaOrder>;
}

export interface KlarnaContext {
  store: KlarnaStore;
  notifier: Notifier;
  publicBaseUrl: string;
  /** publicBaseUrl + '/klarna': the API host as the emulator presents itself. */
  apiBase: string;
}

export const newStore = (): KlarnaStore => ({ kp: new Map(), hpp: new Map(), authorizations: new Map(), orders: new Map() });

export const sum = (items: Movement[]): number => items.reduce((total, m) => total + m.amount, 0);
