/**
 * A signed-in staff member of a given role for e2e tests of back-office pages (docs/product/back-office.md):
 * inserts the member in the test database and signs in through the sign-in form, so the session cookie lands
 * in the browser context. Owners may need TOTP (tests/e2e/backoffice-auth.spec.ts turns it on for
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
  // through the sign-in form in the browser: Node's request context does not resolve *.localhost
  await page.goto(`${ADMIN}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('bo-login')).toHaveCount(0);
  return email;
}
