/**
 * Password hashes (docs/adr/0021-password-hashing.md): Argon2id through node:crypto with OWASP's parameters
 * (m=19456 KiB, t=2, p=1), stored as PHC strings `$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>` (base64 without
 * padding). Verifying reads the parameters from the stored string, so the cost can be raised later. Older
 * `scrypt$N$salt$hash` hashes still verify; needsRehash tells the login to store an Argon2id hash instead.
 * Hashing runs on the libuv threadpool (async argon2/scrypt), never on the event loop, and through a global
 * cap (PASSWORD_HASH_CONCURRENCY at once, PASSWORD_HASH_QUEUE waiting): beyond that a sign-in is answered
 * 429 rate_limited at once (docs/product/accounts.md#rate-limits).
 */
import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { RateLimitedError } from '#lib/errors/domain-errors.ts';
import { createWorkSlots, SlotsFull, type WorkSlots } from './work-slots.ts';
import { metrics, watchPasswordSlots } from '#server/telemetry/metrics.ts';

/** OWASP Password Storage Cheat Sheet, Argon2id minimum: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const ARGON2_VERSION = 19;
const TAG_LENGTH = 32;
/** Limits on what a stored string may ask for, so a corrupt row cannot make one login eat the machine. */
const MAX_MEMORY_KIB = 1 << 20;
const MAX_PASSES = 64;
const MAX_LANES = 16;

/** The legacy scheme (before ADR 0021): verified only, never written. */
const SCRYPT_N = 16384;

/**
 * By default hashing leaves one core to the event loop and at least one libuv thread (4 by default) to file
 * reads of static pages: availableParallelism() - 1, between 1 and 3. At 20 ms a hash, 32 waiting is at most
 * about 0.6 s of queue on two cores.
 */
export const DEFAULT_HASH_CONCURRENCY = Math.min(3, Math.max(1, availableParallelism() - 1));
export const DEFAULT_HASH_QUEUE = 32;

let slots: WorkSlots | undefined;
/** Created on first use so the environment of the process (tests, bench) is read after it is set. */
function hashSlots(): WorkSlots {
  const setting = (name: string, fallback: number, min: number) => {
    const n = Number(process.env[name]);
    return Number.isInteger(n) && n >= min ? n : fallback;
  };
  if (!slots) {
    const made = createWorkSlots(
      setting('PASSWORD_HASH_CONCURRENCY', DEFAULT_HASH_CONCURRENCY, 1),
      setting('PASSWORD_HASH_QUEUE', DEFAULT_HASH_QUEUE, 0),
    );
    watchPasswordSlots(() => made.load()); // the queue gauges of /metrics
    slots = made;
  }
  return slots;
}

function limited(work: () => Promise<Buffer>): Promise<Buffer> {
  return hashSlots()
    .run(work)
    .catch((err: unknown) => {
      if (err instanceof SlotsFull) {
        metrics.passwordHashRefused.inc();
        throw new RateLimitedError('too many sign-ins at once; try again in a moment');
      }
      throw err;
    });
}

interface Argon2Params {
  memory: number;
  passes: number;
  parallelism: number;
}

const argon2id = (password: string, salt: Buffer, params: Argon2Params, tagLength: number) =>
  limited(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        argon2('argon2id', { message: password.normalize('NFKC'), nonce: salt, tagLength, ...params }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

const scryptKey = (password: string, salt: Buffer, keylen: number) =>
  limited(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, keylen, { N: SCRYPT_N }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
const fromB64 = (s: string) => (/^[A-Za-z0-9+/]+$/.test(s) ? Buffer.from(s, 'base64') : Buffer.alloc(0));

export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const hash = await argon2id(password, salt, ARGON2_PARAMS, TAG_LENGTH);
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=${ARGON2_VERSION}$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

/** A PHC Argon2id string's parts, or null when it is not one we can check. */
function parseArgon2id(stored: string): { params: Argon2Params; salt: Buffer; hash: Buffer } | null {
  const m = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored);
  if (!m || Number(m[1]) !== ARGON2_VERSION) return null;
  const [memory, passes, parallelism] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const salt = fromB64(m[5]);
  const hash = fromB64(m[6]);
  const ok =
    parallelism >= 1 &&
    parallelism <= MAX_LANES &&
    memory >= 8 * parallelism &&
    memory <= MAX_MEMORY_KIB &&
    passes >= 1 &&
    passes <= MAX_PASSES &&
    salt.length >= 8 &&
    hash.length >= 4;
  return ok ? { params: { memory, passes, parallelism }, salt, hash } : null;
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const phc = parseArgon2id(stored);
  if (phc) return sameBytes(await argon2id(password, phc.salt, phc.params, phc.hash.length), phc.hash);
  const [scheme, n, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || Number(n) !== SCRYPT_N) return false;
  const expected = Buffer.from(hash, 'base64url');
  // a hash part that decodes to nothing never verifies (an empty key would compare equal)
  if (expected.length === 0) return false;
  return sameBytes(await scryptKey(password, Buffer.from(salt, 'base64url'), expected.length), expected);
}

/** A stored hash that verified but is not today's scheme and cost: store a fresh one (at the next login). */
export function needsRehash(stored: string): boolean {
  const phc = parseArgon2id(stored);
  if (!phc) return true;
  const { memory, passes, parallelism } = phc.params;
  return memory < ARGON2_PARAMS.memory || passes < ARGON2_PARAMS.passes || parallelism !== ARGON2_PARAMS.parallelism;
}
