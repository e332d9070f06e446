/**
 * HMAC signatures of Adyen standard notifications, computed by Adyen's own Node library (@adyen/api-library's
 * HmacValidator, docs/product/checkout.md#adyen-notification-hmac): HMAC-SHA256 over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
 * (absent fields as empty strings, values as sent — no escaping), keyed with the hex-decoded Customer Area key,
 * Base64 result in additionalData.hmacSignature. The sandbox signs with these functions too.
 */
import { createRequire } from 'node:module';
import type HmacValidatorClass from '@adyen/api-library/lib/src/utils/hmacValidator.js';
import type { NotificationRequestItem as AdyenNotificationItem } from '@adyen/api-library/lib/src/typings/notification/models.js';
import type { NotificationItem } from './schemas.ts';

// Only the validator's file: the library's index loads every API service (≈ 0.8 s at start). A CommonJS
// module with __esModule: require() gives the same `default` in Node, the build and the tests.
const { default: HmacValidator } = createRequire(import.meta.url)('@adyen/api-library/lib/src/utils/hmacValidator.js') as {
  default: typeof HmacValidatorClass;
};
const validator = new HmacValidator();

type SignedFields = Pick<
  NotificationItem,
  'pspReference' | 'originalReference' | 'merchantAccountCode' | 'merchantReference' | 'amount' | 'eventCode' | 'success'
> & { additionalData?: Record<string, string> | undefined };

/** Our parsed item as the library's type: the same fields, but eventCode and success are enums there. */
const asAdyenItem = (item: SignedFields) => item as unknown as AdyenNotificationItem;

export function notificationSigningString(item: SignedFields): string {
  return validator.getDataToSign(asAdyenItem(item));
}

export function notificationHmac(item: SignedFields, hmacKeyHex: string): string {
  return validator.calculateHmac(asAdyenItem(item), hmacKeyHex);
}

/** The library compares in constant time, so the check leaks nothing about how much of a forged signature matched. */
export function hasValidHmac(item: SignedFields, hmacKeyHex: string): boolean {
  if (!item.additionalData?.hmacSignature) return false;
  return validator.validateHMAC(asAdyenItem(item), hmacKeyHex);
}
