/** Identifiers in the shapes the real providers use. */
import { randomBytes, randomUUID } from 'node:crypto';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomString(length: number, alphabet = UPPER_ALNUM): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}

export const uuid = (): string => randomUUID();
export const token = (bytes = 24): string => randomBytes(bytes).toString('base64url');
