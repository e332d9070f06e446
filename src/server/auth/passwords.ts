/**
 * Password hashes: scrypt (node:crypto) with a random salt, compared in constant time. Format scrypt$N$salt$hash
 * (base64url). Hashing runs on the libuv threadpool (async scrypt), never on the event loop, and through a global
 * cap (PASSWORD_HASH_CONCURRENCY at once, PASSWORD_HASH_QUEUE waiting): beyond that a sign-in is answered
 * 429 rate_limited at once (docs/product/accounts.md#rate-limits).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { RateLimitedError } from '#lib/errors/domain-errors.ts';
import { createWorkSlots, SlotsFull, type WorkSlots } from './work-slots.ts';
import { metrics, watchPasswordSlots } from '#server/telemetry/metrics.ts';

const N = 16384;
const KEYLEN = 32;

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

function derive(password: string, salt: Buffer, keylen: number): Promise<Buffer> {
  const run = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, keylen, { N }, (err, key) => (err ? reject(err) : resolve(key))),
    );
  return hashSlots()
    .run(run)
    .catch((err: unknown) => {
      if (err instanceof SlotsFull) {
        metrics.passwordHashRefused.inc();
        throw new RateLimitedError('too many sign-ins at once; try again in a moment');
      }
      throw err;
    });
}

export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const hash = await derive(password, salt, KEYLEN);
  return `scrypt$${N}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || Number(n) !== N) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
