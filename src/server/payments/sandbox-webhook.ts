/**
 * Adyen sends notifications to a URL configured per merchant account (Customer Area), not per payment.
 * With the local sandbox (sandbox/README.md#notifications) the server configures it itself at start:
 * the sv storefront's notification endpoint. Does nothing when Adyen is not the sandbox. (Klarna, Walley
 * and Two are given the notification URL with each payment: nothing to register for them.)
 */
import { storeQuery } from '#lib/api/common.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { sandboxUrl } from '#server/providers/provider-config.ts';
import { adyenConfig } from './payment-config.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('payments');

export async function registerSandboxWebhook(): Promise<void> {
  const box = sandboxUrl();
  const adyen = adyenConfig();
  if (!box || !adyen || !adyen.baseUrl.startsWith(`${box}/`)) return;
  const url = `${siteSettings().origins.sv}${API_PATHS.paymentNotifications('adyen')}?${storeQuery('sv')}`;
  try {
    const r = await fetch(`${adyen.baseUrl.replace(/\/+$/, '')}/_sandbox/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
      signal: AbortSignal.timeout(5000),
    });
    if (!r.ok) throw new Error(`answered ${r.status}`);
    log.info({ url }, `Adyen sandbox notifications → ${url}`);
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err), baseUrl: adyen.baseUrl }, 'Adyen sandbox webhook not registered');
  }
}
