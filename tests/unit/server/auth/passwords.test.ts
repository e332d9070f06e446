import { argon2Sync, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '#server/auth/passwords.ts';

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

describe('passwords', () => {
  it('hashes to an Argon2id PHC string with the OWASP parameters, base64 without padding', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const h = await hashPassword('hunter2', salt);
    const [, s, hash] = PHC.exec(h) ?? [];
    expect(Buffer.from(s, 'base64')).toEqual(salt);
    expect(Buffer.from(hash, 'base64')).toHaveLength(32);
    // the same derivation, done independently
    const expected = argon2Sync('argon2id', { message: 'hunter2', nonce: salt, memory: 19456, passes: 2, parallelism: 1, tagLength: 32 });
    expect(hash).toBe(expected.toString('base64').replace(/=+$/, ''));
    expect(needsRehash(h)).toBe(false);
  });

  it('salts randomly and verifies round trip; a wrong password and garbage never verify', async () => {
    const h = await hashPassword('hunter2');
    expect(h).toMatch(PHC);
    expect(await hashPassword('hunter2')).not.toBe(h);
    expect(await verifyPassword('hunter2', h)).toBe(true);
    expect(await verifyPassword('hunter3', h)).toBe(false);
    expect(await verifyPassword('hunter2', 'md5$x')).toBe(false);
    expect(await verifyPassword('hunter2', '')).toBe(false);
    expect(await verifyPassword('hunter2', h.replace('v=19', 'v=16'))).toBe(false);
    expect(await verifyPassword('hunter2', h.replace('m=19456', 'm=99999999'))).toBe(false);
    // a hash part that decodes to nothing never verifies (an empty key would compare equal)
    expect(await verifyPassword('hunter2', 'scrypt$16384$c2FsdA$!!')).toBe(false);
  });

  it('accepts a PHC string made by the reference implementation (phc-winner-argon2), parameters read from it', async () => {
    // echo -n password | argon2 somesalt -id -t 2 -m 16 -p 4 -l 32 -e
    const reference = '$argon2id$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$GpZ3sK/oH9p7VIiV56G/64Zo/8GaUw434IimaPqxwCo';
    expect(await verifyPassword('password', reference)).toBe(true);
    expect(await verifyPassword('Password', reference)).toBe(false);
    expect(needsRehash(reference)).toBe(true);
  });

  it("node's Argon2id matches the RFC 9106 test vector (section 5.3)", () => {
    const tag = argon2Sync('argon2id', {
      message: Buffer.alloc(32, 1),
      nonce: Buffer.alloc(16, 2),
      secret: Buffer.alloc(8, 3),
      associatedData: Buffer.alloc(12, 4),
      parallelism: 4,
      tagLength: 32,
      memory: 32,
      passes: 3,
    });
    expect(tag.toString('hex')).toBe('0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659');
  });

  it('still verifies the older scrypt hashes, and asks for them to be re-hashed', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const stored = `scrypt$16384$${salt.toString('base64url')}$${scryptSync('Lösen ord', salt, 32, { N: 16384 }).toString('base64url')}`;
    expect(await verifyPassword('Lösen ord', stored)).toBe(true);
    expect(await verifyPassword('Lösen ord!', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(Array.from({ length: 8 }, () => hashPassword('storm')));
    clearInterval(timer);
    // a synchronous hash would block all eight hashes without a single tick
    expect(ticks).toBeGreaterThan(5);
  });
});
