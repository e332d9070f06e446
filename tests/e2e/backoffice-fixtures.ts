/**
 * A signed-in staff member of a given role for e2e tests of back-office pages (docs/product/back-office.md):
 * inserts the member in the test database and signs in through the sign-in form, so the session cookie lands
 * in the browser context. While TOTP is required for everyone (tests/e2e/backoffice-auth.spec.ts turns it on
 * as it runs, possibly in the other worker) the member enrols with a code generated here. Prefer the 'staff',
 * 'editor' or 'read_only' roles.
 */
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
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
  // backoffice-auth.spec.ts turns "TOTP for everyone" on for a while (in another worker): enrol when asked
  const enrol = page.getByTestId('bo-enrol');
  await expect(enrol.or(page.getByTestId('bo-user'))).toBeVisible();
  if (await enrol.isVisible()) {
    const secret = (await page.getByTestId('bo-totp-secret').textContent())!.trim();
    await page.getByTestId('bo-totp-code').fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate());
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
  }
  await expect(page.getByTestId('bo-user')).toBeVisible();
  return email;
}
