/**
 * Signed unsubscribe links (docs/product/emails.md#the-unsubscribe-link): the token names one lower-cased
 * e-mail address and the storefront that sent the mail, and carries an HMAC-SHA256 over both, so changing
 * the address (to unsubscribe someone else) or the storefront breaks the signature.
 *
 * Tokens do not expire: a newsletter may be read months later, and its link must still work then (RFC 8058
 * one-click too). They are harmless to keep — all one does is unsubscribe the address it names.
 *
 * The key: PARTSFRONT_MAIL_SECRET, else PARTSFRONT_AUTH_SECRET (each set in production), else a random key
 * generated once and kept in the database (mail_signing_keys), because the newsletter command signs in its
 * own process and the server verifies in another. The secret is never used as is: a per-purpose key is
 * derived from it, so an unsubscribe signature is never valid as anything else signed with the same secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';

const VERSION = '1';
const KEY_NAME = 'unsubscribe';
/** payload.signature, both base64url; the signature is 32 bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{43}$/;

export interface UnsubscribeSubject {
  /** Lower-cased. */
  email: string;
  locale: LocaleCode;
}

const derive = (secret: string) => createHmac('sha256', secret).update('partsfront/unsubscribe-link').digest();
const signature = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signUnsubscribeToken(key: Buffer, subject: UnsubscribeSubject): string {
  const payload = `${VERSION}:${subject.locale}:${subject.email.trim().toLowerCase()}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(key, payload).toString('base64url')}`;
}

/** The address and storefront the token was issued for, or null for anything we did not sign. */
export function verifyUnsubscribeToken(key: Buffer, token: unknown): UnsubscribeSubject | null {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const [encoded, sig] = token.split('.') as [string, string];
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [version, locale, ...rest] = payload.split(':');
  const email = rest.join(':');
  if (version !== VERSION || !locale || !isLocaleCode(locale) || !email || email !== email.toLowerCase()) return null;
  return { email, locale };
}

/** The configured key, or null when neither secret is set. */
export function configuredUnsubscribeKey(env: Record<string, string | undefined> = process.env): Buffer | null {
  const secret = env.PARTSFRONT_MAIL_SECRET || env.PARTSFRONT_AUTH_SECRET;
  return secret ? derive(secret) : null;
}

const stored = new WeakMap<Db, Promise<Buffer>>();

async function storedKey(db: Db): Promise<Buffer> {
  // Two processes may race to create it: the first insert wins, both read the same row.
  await db
    .insertInto('mail_signing_keys')
    .values({ name: KEY_NAME, secret: randomBytes(32).toString('hex'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('mail_signing_keys').select('secret').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return derive(row.secret);
}

/** The key unsubscribe tokens are signed and verified with (see the file comment). */
export function unsubscribeKey(db: Db, env: Record<string, string | undefined> = process.env): Promise<Buffer> {
  const configured = configuredUnsubscribeKey(env);
  if (configured) return Promise.resolve(configured);
  let key = stored.get(db);
  if (!key) {
    key = storedKey(db);
    key.catch(() => stored.delete(db));
    stored.set(db, key);
  }
  return key;
}
