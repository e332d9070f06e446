/** Opaque secrets handed to a browser or mailed (refresh tokens, one-time links): random, stored only as a hash. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): unguessable, URL- and cookie-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: a fast hash is enough for 256 random bits (no dictionary to attack). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Shape check before any lookup: what newOpaqueToken makes, nothing else reaches the database. */
export function isOpaqueToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
