/**
 * A signed-in staff member of a given role for API tests of back-office pages (docs/product/back-office.md),
 * extracted from tests/api/backoffice-auth.test.ts: insert the member, sign in without TOTP, and answer the
 * session cookie and the CSRF token of the dashboard.
 */
import { expect } from 'vitest';
import { request, type TestResponse } from '#tests/support/http.ts';
import { port } from './api-support.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { insertStaff } from '#server/staff/staff-accounts.ts';
import type { StaffRole } from '#lib/staff/permissions.ts';
import type { DbHandle } from '#server/db/connection.ts';

export const ADMIN = `http://admin.localhost:${port}`;
export const STAFF_PASSWORD = 'correct horse battery';

export interface StaffSession {
  cookie: string;
  csrf: string;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** GET on the admin host, with the staff cookie when given. */
export const boGet = (path: string, cookie = '') => request(`${ADMIN}${path}`, { headers: cookie ? { cookie } : {} });

/** A form POST on the admin host from its own origin (pass origin null to leave the header out). */
export const boPost = (path: string, fields: Record<string, string>, cookie = '', origin: string | null = ADMIN) =>
  request(`${ADMIN}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
    },
    body: form(fields),
  });

export const staffCookieOf = (r: TestResponse) =>
  (r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('pf_staff=') && c !== 'pf_staff=');

export const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** Signs an existing member in (no TOTP) and answers the cookie and the dashboard's CSRF token. */
export async function signInStaff(email: string, password = STAFF_PASSWORD): Promise<StaffSession> {
  const r = await boPost('/login', { step: 'password', email, password, next: '/' });
  expect(r.status, r.body).toBe(303);
  const cookie = staffCookieOf(r)!;
  const page = await boGet('/', cookie);
  expect(page.status).toBe(200);
  return { cookie, csrf: csrfOf(page.body) };
}

/** Creates a member of the role (e-mail unique per call) and signs them in. */
export async function staffSession(h: DbHandle, role: StaffRole, email?: string): Promise<StaffSession> {
  const address = email ?? `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bo.test`;
  await insertStaff(h.db, {
    email: address,
    name: address.split('@')[0]!,
    role,
    locale: 'en',
    passwordHash: await hashPassword(STAFF_PASSWORD),
  });
  return signInStaff(address);
}
