/**
 * Klarna-Idempotency-Key values: Klarna asks for UUIDv5 keys on every POST/PATCH and honours one for
 * 24 hours. Deriving the key from what makes a call unique (session, order + amount, refund
 * reference) means a retry of the same call — even from another process — sends the same key.
 */
import { createHash } from 'node:crypto';

// A fixed namespace for Partsfront's Klarna keys (any constant UUID works; this one is random).
const NAMESPACE = Buffer.from('5b0e8f7c4d2a4f8e9a61c3d7e2b4f019', 'hex');

export function uuidV5(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const idempotency = (name: string): Record<string, string> => ({ 'klarna-idempotency-key': uuidV5(name) });
