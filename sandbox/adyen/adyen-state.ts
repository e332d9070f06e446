/** The Adyen emulator's in-memory state: sessions, the payment made in each, and its modifications. */
import type { Notifier } from '../shared/notifier.ts';
import type { MethodType } from './adyen-test-data.ts';

export interface Amount {
  value: number;
  currency: string;
}

export type SessionStatus = 'active' | 'canceled' | 'completed' | 'expired' | 'paymentPending' | 'refused';

export interface AdyenPayment {
  pspReference: string;
  method: MethodType;
  /** Card brand or wallet type, as Adyen reports it in `paymentMethod`. */
  brand: string;
  state: 'challenge' | 'authorised' | 'refused';
  captured: number;
  refunded: number;
  cancelled: boolean;
}

export interface AdyenSession {
  id: string;
  merchantAccount: string;
  amount: Amount;
  reference: string;
  returnUrl: string;
  mode: 'embedded' | 'hosted';
  allowedPaymentMethods: MethodType[];
  shopperLocale?: string;
  countryCode?: string;
  manualCapture: boolean;
  expiresAt: number;
  status: SessionStatus;
  sessionData: string;
  /** sessionResult values handed out on return; GET /sessions/{id} accepts only these. */
  sessionResults: Set<string>;
  payment?: AdyenPayment;
  /** The request echoed back in the create answer. */
  request: Record<string, unknown>;
}

export interface AdyenStore {
  sessions: Map<string, AdyenSession>;
  /** psp reference → session, for modifications. */
  byPsp: Map<string, AdyenSession>;
  webhookUrl: string;
}

export interface AdyenContext {
  store: AdyenStore;
  notifier: Notifier;
  publicBaseUrl: string;
  hmacKeyHex: string;
}

export const newStore = (webhookUrl: string): AdyenStore => ({ sessions: new Map(), byPsp: new Map(), webhookUrl });
