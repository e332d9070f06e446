/**
 * The external shipping processor's configuration from the environment (names as sandbox/README.md
 * suggests): INGRID_API_URL, INGRID_SITE_TOKEN, INGRID_TIMEOUT_MS. Outside production the local sandbox
 * fills what is not set with the emulator's public test site token, like the payment providers
 * (src/server/payments/payment-config.ts); without full configuration there is no Ingrid and the
 * `external` processor is served by eel (docs/product/checkout.md#shipping).
 */
import { sandboxUrl, timeoutMs, type Env } from '#server/providers/provider-config.ts';
import type { IngridClientOptions } from './ingrid/ingrid-client.ts';

/** The Ingrid emulator's site token (base64 of "partsfront-sandbox-site-token"): public, useless anywhere else. */
export const SANDBOX_INGRID_SITE_TOKEN = 'cGFydHNmcm9udC1zYW5kYm94LXNpdGUtdG9rZW4=';

const DEFAULT_TIMEOUT_MS = 10_000;

const timeout = (value: string | undefined): number => timeoutMs(value, DEFAULT_TIMEOUT_MS);

export function ingridConfig(env: Env = process.env): Required<IngridClientOptions> | null {
  const box = sandboxUrl(env);
  const baseUrl = env.INGRID_API_URL || (box && `${box}/ingrid`);
  const siteToken = env.INGRID_SITE_TOKEN || (box && SANDBOX_INGRID_SITE_TOKEN);
  if (!baseUrl || !siteToken) return null;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), siteToken, timeoutMs: timeout(env.INGRID_TIMEOUT_MS) };
}
