/**
 * Which Peppol access point e-invoices go through (docs/product/e-invoices.md#configuration, docs/adr/0037-einvoice-delivery.md):
 * Storecove when STORECOVE_API_URL, STORECOVE_API_KEY and STORECOVE_LEGAL_ENTITY_ID are set (`real`); outside
 * production the local sandbox's emulator fills what is not set (`sandbox`, as for the payment providers); otherwise
 * none (`off`): invoices are still made and downloadable, and their delivery is recorded as skipped.
 */
import { sandboxUrl, timeoutMs, type Env } from '#server/providers/provider-config.ts';

/** The emulator's own credentials (sandbox/storecove): public values, useless anywhere else. */
export const SANDBOX_STORECOVE = { apiKey: 'sandbox-storecove-api-key', legalEntityId: 100_001 } as const;

export interface AccessPointConfig {
  mode: 'real' | 'sandbox';
  /** Storecove's API base, e.g. https://api.storecove.com/api/v2 (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  /** The shop's legal entity at Storecove: the sender of every document. */
  legalEntityId: number;
  timeoutMs: number;
}

export function accessPointConfig(env: Env = process.env): AccessPointConfig | null {
  const box = sandboxUrl(env);
  const baseUrl = env.STORECOVE_API_URL || (box && `${box}/storecove/api/v2`);
  const apiKey = env.STORECOVE_API_KEY || (box && SANDBOX_STORECOVE.apiKey);
  const entity = env.STORECOVE_LEGAL_ENTITY_ID || (box && String(SANDBOX_STORECOVE.legalEntityId));
  if (!baseUrl || !apiKey || !entity) return null;
  return {
    mode: env.STORECOVE_API_URL ? 'real' : 'sandbox',
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey,
    legalEntityId: Number(entity),
    timeoutMs: timeoutMs(env.STORECOVE_TIMEOUT_MS, 15_000),
  };
}

/** Seconds between the worker's passes (sends due retries, reads delivery events); 0 turns the periodic pass off. */
export function deliveryPollMs(env: Env = process.env): number {
  const s = Number(env.PARTSFRONT_EINVOICE_POLL_S ?? 30);
  return Number.isFinite(s) && s >= 0 ? Math.round(s * 1000) : 30_000;
}
