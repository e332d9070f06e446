/**
 * A signed-in staff member of a given role for e2e tests of back-office pages (docs/product/back-office.md):
 * inserts the member in the test database and signs in through the page's own request context, so the session
 * cookie lands in the browser context. Owners may need TOTP (tests/e2e/backoffice-auth.spec.ts turns it on for
 * owners), so prefer the 'staff', 'editor' or 'read_only' roles here.
 */
import { expect, type Page } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { insertStaff } from '#server/staff/staff-accounts.ts';
import type { StaffRole } from '#lib/staff/permissions.ts';
import { E2E_PORT, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';

export const ADMIN = `http://admin.localhost:${E2E_PORT}`;
const PASSWORD = 'e2e staff password';

/** Creates a member of the role and signs the page's context in; answers the member's e-mail. */
export async function signInStaffPage(page: Page, role: Exclude<StaffRole, 'owner'>): Promise<string> {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    await insertStaff(db, { email, name: email.split('@')[0]!, role, locale: 'en', passwordHash: await hashPassword(PASSWORD) });
  } finally {
    await db.destroy();
  }
  const r = await page.request.post(`${ADMIN}/login`, {
    form: { step: 'password', email, password: PASSWORD, next: '/' },
    headers: { origin: ADMIN },
    maxRedirects: 0,
  });
  expect(r.status()).toBe(303);
  return email;
}
