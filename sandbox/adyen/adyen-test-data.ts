/**
 * The Adyen sandbox's credentials and test data (documented in sandbox/README.md). Credentials can be
 * overridden by environment variables so the sandbox can mirror a developer's .env.
 */
const env = process.env;

export const ADYEN_SANDBOX = {
  apiKey: env.SANDBOX_ADYEN_API_KEY ?? 'sandbox-adyen-api-key',
  merchantAccount: env.SANDBOX_ADYEN_MERCHANT_ACCOUNT ?? 'PartsfrontECOM',
  /** The webhook HMAC key as the Customer Area shows it (hex). */
  hmacKeyHex: env.SANDBOX_ADYEN_HMAC_KEY ?? '0F6A3C1B9E8D7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F8A7B6C5D4E3F21',
  /** The "Customer Area" webhook URL; also settable with POST /adyen/_sandbox/webhook. */
  webhookUrl: env.SANDBOX_ADYEN_WEBHOOK_URL ?? '',
};

export type CardOutcome = 'approve' | 'decline' | 'challenge';

export const TEST_CARDS: Record<string, { outcome: CardOutcome; brand: string }> = {
  '4111111111111111': { outcome: 'approve', brand: 'visa' },
  '4000000000000002': { outcome: 'decline', brand: 'visa' },
  '4212345678910006': { outcome: 'challenge', brand: 'visa' },
  // Dankort sessions: the same outcomes on a Dankort number range.
  '5019555544445555': { outcome: 'approve', brand: 'dankort' },
};

export const IDEAL_BANKS = ['ING', 'Rabobank', 'ABN AMRO', 'Sandbox Test Bank'];

/** Payment method types this emulator can show on its hosted page. */
export const METHOD_TYPES = ['scheme', 'dankort', 'swish', 'vipps', 'mobilepay', 'ideal'] as const;
export type MethodType = (typeof METHOD_TYPES)[number];

export const WALLET_NAMES: Partial<Record<MethodType, string>> = { swish: 'Swish', vipps: 'Vipps', mobilepay: 'MobilePay' };

/** Adyen's default session lifetime (1 hour) and its maximum (24 hours). */
export const SESSION_TTL_MS = 60 * 60 * 1000;
export const SESSION_MAX_TTL_MS = 24 * 60 * 60 * 1000;
