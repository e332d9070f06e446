/** Password hashes move to Argon2id at the next login (docs/adr/0021-password-hashing.md). */
import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '#tests/support/http.ts';
import { api, openTestDb } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { authResponseSchema } from '#lib/api/auth-contracts.ts';

let h: DbHandle;
const EMAIL = 'scrypt-upgrade@partsfront.test';
const PASSWORD = 'old hash, same password';
const salt = Buffer.from('api-suite-salt-1');
/** A hash as the code before ADR 0021 wrote it. */
const SCRYPT_HASH = `scrypt$16384$${salt.toString('base64url')}$${scryptSync(PASSWORD, salt, 32, { N: 16384 }).toString('base64url')}`;

const storedHash = async () =>
  (await h.db.selectFrom('customers').select('password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow()).password_hash;
const login = (password: string) => postJson(api('/api/auth/login'), { email: EMAIL, password });

beforeAll(async () => {
  h = openTestDb();
  await h.db.deleteFrom('customers').where('email', '=', EMAIL).execute();
  await h.db
    .insertInto('customers')
    .values({ id: 9061, email: EMAIL, name: 'Old Hash', password_hash: SCRYPT_HASH, discounts: '{}', created_at: new Date().toISOString() })
    .execute();
});
afterAll(async () => {
  await h.db.deleteFrom('customers').where('email', '=', EMAIL).execute();
  await h.db.destroy();
});

describe('password hash upgrade', () => {
  it('a wrong password leaves the old hash alone', async () => {
    expect((await login('not it')).status).toBe(401);
    expect(await storedHash()).toBe(SCRYPT_HASH);
  });

  it('a scrypt hash still logs in, and that login stores an Argon2id hash that logs in too', async () => {
    const first = await login(PASSWORD);
    expect(first.status).toBe(200);
    expect(authResponseSchema.parse(first.json()).user.email).toBe(EMAIL);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    const again = await login(PASSWORD);
    expect(again.status).toBe(200);
    // an up-to-date hash is not written again
    expect(await storedHash()).toBe(upgraded);
    expect((await login('not it')).status).toBe(401);
  });
});
