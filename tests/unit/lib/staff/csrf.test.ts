import { describe, expect, it } from 'vitest';
import { csrfTokenMatches, isSameHostPost } from '#lib/staff/csrf.ts';

describe('back-office CSRF checks', () => {
  const token = 'a'.repeat(43);

  it('accepts exactly the session token', () => {
    expect(csrfTokenMatches(token, token)).toBe(true);
    expect(csrfTokenMatches(token, `${'a'.repeat(42)}b`)).toBe(false);
    expect(csrfTokenMatches(token, token.slice(1))).toBe(false);
    expect(csrfTokenMatches(token, '')).toBe(false);
    expect(csrfTokenMatches(token, null)).toBe(false);
    expect(csrfTokenMatches('', '')).toBe(false);
  });

  it('accepts a post from the admin host itself, by Origin or else Referer', () => {
    expect(isSameHostPost('admin.localhost:4321', 'http://admin.localhost:4321', null)).toBe(true);
    expect(isSameHostPost('admin.localhost:4321', null, 'http://admin.localhost:4321/staff')).toBe(true);
    expect(isSameHostPost('Admin.Localhost:4321', 'http://admin.localhost:4321', null)).toBe(true);
  });

  it('refuses another host, another port, a null origin or no header at all', () => {
    expect(isSameHostPost('admin.localhost:4321', 'http://sv.localhost:4321', null)).toBe(false);
    expect(isSameHostPost('admin.localhost:4321', 'http://admin.localhost:4999', null)).toBe(false);
    expect(isSameHostPost('admin.localhost:4321', 'null', 'http://admin.localhost:4321/')).toBe(false);
    expect(isSameHostPost('admin.localhost:4321', null, null)).toBe(false);
    expect(isSameHostPost('admin.localhost:4321', 'not a url', null)).toBe(false);
    // Origin wins over a matching Referer
    expect(isSameHostPost('admin.localhost:4321', 'http://evil.example', 'http://admin.localhost:4321/')).toBe(false);
  });
});
