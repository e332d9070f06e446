import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { configuredUnsubscribeKey, signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken } from '#server/mail/unsubscribe-tokens.ts';

const key = configuredUnsubscribeKey({ PARTSFRONT_MAIL_SECRET: 'unit-test-mail-secret' })!;
const b64 = (s: string) => Buffer.from(s).toString('base64url');

describe('unsubscribe tokens', () => {
  it('name the lower-cased address and the storefront they were signed for', () => {
    const token = signUnsubscribeToken(key, { email: ' Anna.Berg@Example.SE ', locale: 'sv' });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ email: 'anna.berg@example.se', locale: 'sv' });
    expect(signUnsubscribeToken(key, { email: 'anna.berg@example.se', locale: 'sv' })).toBe(token);
  });

  it('refuse another address or storefront under the original signature', () => {
    const token = signUnsubscribeToken(key, { email: 'anna@example.se', locale: 'sv' });
    const sig = token.split('.')[1];
    expect(verifyUnsubscribeToken(key, `${b64('1:sv:bert@example.se')}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${b64('1:nl:anna@example.se')}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${b64('1:sv:ANNA@example.se')}.${sig}`)).toBeNull();
  });

  it('refuse a changed signature, another key, another version and junk', () => {
    const token = signUnsubscribeToken(key, { email: 'anna@example.se', locale: 'fi' });
    const [payload, sig] = token.split('.') as [string, string];
    const flipped = `${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(verifyUnsubscribeToken(key, flipped)).toBeNull();
    expect(verifyUnsubscribeToken(configuredUnsubscribeKey({ PARTSFRONT_MAIL_SECRET: 'another' })!, token)).toBeNull();
    const other = signUnsubscribeToken(key, { email: 'x@example.se', locale: 'sv' }).split('.')[1];
    expect(verifyUnsubscribeToken(key, `${b64('2:sv:x@example.se')}.${other}`)).toBeNull();
    for (const junk of [undefined, '', 'abc', `${payload}.`, `.${sig}`, `${payload}.${sig}.x`, `${payload}.${sig}=`, 42]) {
      expect(verifyUnsubscribeToken(key, junk)).toBeNull();
    }
  });

  it('take the key from PARTSFRONT_MAIL_SECRET, else PARTSFRONT_AUTH_SECRET, and never use the secret itself', () => {
    const token = signUnsubscribeToken(key, { email: 'a@example.se', locale: 'sv' });
    expect(verifyUnsubscribeToken(configuredUnsubscribeKey({ PARTSFRONT_AUTH_SECRET: 'unit-test-mail-secret' })!, token)).not.toBeNull();
    expect(configuredUnsubscribeKey({ PARTSFRONT_MAIL_SECRET: 'm', PARTSFRONT_AUTH_SECRET: 'a' })).toEqual(
      configuredUnsubscribeKey({ PARTSFRONT_MAIL_SECRET: 'm' }),
    );
    expect(configuredUnsubscribeKey({})).toBeNull();
    expect(key.equals(Buffer.from('unit-test-mail-secret'))).toBe(false);
  });
});

describe('the stored key (no secret configured)', () => {
  let h: DbHandle;
  beforeEach(async () => {
    h = openDb({ kind: 'sqlite', file: ':memory:' });
    await migrate(h.db);
  });
  afterEach(() => h.db.destroy());

  it('is generated once and kept, so another process verifies what this one signed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-unsub-'));
    const file = path.join(dir, 'keys.db');
    const a = openDb({ kind: 'sqlite', file });
    await migrate(a.db);
    const b = openDb({ kind: 'sqlite', file }); // another process on the same database
    try {
      const signer = await unsubscribeKey(a.db, {});
      const verifier = await unsubscribeKey(b.db, {});
      expect(verifier.equals(signer)).toBe(true);
      const rows = await b.db.selectFrom('mail_signing_keys').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(verifyUnsubscribeToken(verifier, signUnsubscribeToken(signer, { email: 'a@example.se', locale: 'da' }))).toEqual({
        email: 'a@example.se',
        locale: 'da',
      });
    } finally {
      await a.db.destroy();
      await b.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not used when a secret is configured', async () => {
    const k = await unsubscribeKey(h.db, { PARTSFRONT_MAIL_SECRET: 'unit-test-mail-secret' });
    expect(k.equals(key)).toBe(true);
    expect(await h.db.selectFrom('mail_signing_keys').selectAll().execute()).toHaveLength(0);
  });
});
