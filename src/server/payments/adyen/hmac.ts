/**
 * HMAC signatures of Adyen standard notifications: HMAC-SHA256 over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
 * (absent fields as empty strings; `\` and `:` inside a value escaped with a backslash), keyed with the
 * hex-decoded Customer Area key, Base64 result in additionalData.hmacSignature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationItem } from './schemas.ts';

type SignedFields = Pick<
  NotificationItem,
  'pspReference' | 'originalReference' | 'merchantAccountCode' | 'merchantReference' | 'amount' | 'eventCode' | 'success'
>;

const escape = (value: string): string => value.replace(/\\/g, '\\\\').replace(/:/g, '\\:');

export function notificationSigningString(item: SignedFields): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ]
    .map(escape)
    .join(':');
}

export function notificationHmac(item: SignedFields, hmacKeyHex: string): string {
  return createHmac('sha256', Buffer.from(hmacKeyHex, 'hex')).update(notificationSigningString(item), 'utf8').digest('base64');
}

/** Constant-time comparison, so the check leaks nothing about how much of a forged signature matched. */
export function hasValidHmac(item: SignedFields & { additionalData?: Record<string, string> }, hmacKeyHex: string): boolean {
  const given = item.additionalData?.hmacSignature;
  if (!given) return false;
  const expected = Buffer.from(notificationHmac(item, hmacKeyHex), 'base64');
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
