import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';

describe('passwords', () => {
  it('hash with a salt and verify in constant time', () => {
    const h = hashPassword('hunter2');
    expect(h).toMatch(/^scrypt\$16384\$/);
    expect(hashPassword('hunter2')).not.toBe(h);
    expect(verifyPassword('hunter2', h)).toBe(true);
    expect(verifyPassword('hunter3', h)).toBe(false);
    expect(verifyPassword('hunter2', 'md5$x')).toBe(false);
  });
});
