import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';

describe('passwords', () => {
  it('hash with a salt and verify in constant time', async () => {
    const h = await hashPassword('hunter2');
    expect(h).toMatch(/^scrypt\$16384\$/);
    expect(await hashPassword('hunter2')).not.toBe(h);
    expect(await verifyPassword('hunter2', h)).toBe(true);
    expect(await verifyPassword('hunter3', h)).toBe(false);
    expect(await verifyPassword('hunter2', 'md5$x')).toBe(false);
    // a hash part that decodes to nothing never verifies (an empty key would compare equal)
    expect(await verifyPassword('hunter2', 'scrypt$16384$c2FsdA$!!')).toBe(false);
  });

  it('verifies hashes made by the earlier synchronous code (same format) and hashes the same way', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const stored = `scrypt$16384$${salt.toString('base64url')}$${scryptSync('Lösen ord', salt, 32, { N: 16384 }).toString('base64url')}`;
    expect(await verifyPassword('Lösen ord', stored)).toBe(true);
    expect(await hashPassword('Lösen ord', salt)).toBe(stored);
  });

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(Array.from({ length: 8 }, () => hashPassword('storm')));
    clearInterval(timer);
    // synchronous scrypt would block all eight hashes (≈ 150 ms here) without a single tick
    expect(ticks).toBeGreaterThan(5);
  });
});
