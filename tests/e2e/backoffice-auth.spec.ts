/**
 * The back office in a browser (docs/product/back-office.md): an owner's invitation link → set password → sign
 * in with the TOTP the owners require (enrolment, code generated here with otpauth) → dashboard → the audit log
 * shows the sign-in; axe's WCAG 2.1 A/AA rules on every page on the way: 0 findings.
 */
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { openDb } from '#server/db/connection.ts';
import { inviteStaff } from '#server/staff/invites.ts';
import { setTotpRequired } from '#server/staff/staff-settings.ts';
import { E2E_PORT, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { wcagViolations } from './a11y-fixtures.ts';

const ADMIN = `http://admin.localhost:${E2E_PORT}`;
const PASSWORD = 'e2e owner password';

test('invite → set password → sign in with TOTP → dashboard → audit log, every page accessible', async ({ page }) => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  const email = `owner-${Date.now()}@e2e.test`;
  try {
    const { url } = await inviteStaff(db, { email, role: 'owner', locale: 'en', invitedBy: null });
    await setTotpRequired(db, true);

    await page.goto(`${ADMIN}${new URL(url).pathname}`);
    await expect(page.getByTestId('bo-invite')).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Olga Owner');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save and continue to sign in' }).click();

    await expect(page).toHaveURL(`${ADMIN}/login`);
    await expect(page.getByTestId('bo-login')).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // the owners require TOTP: enrolment first, with the QR code and the key in text
    await expect(page.getByTestId('bo-enrol')).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    const secret = (await page.getByTestId('bo-totp-secret').textContent())!.trim();
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await page.getByTestId('bo-totp-code').fill(code);
    await page.getByRole('button', { name: 'Turn on and continue' }).click();

    await expect(page.getByTestId('bo-dashboard')).toBeVisible();
    await expect(page.getByTestId('bo-user')).toContainText('Olga Owner');
    expect(await wcagViolations(page)).toEqual([]);

    await page.getByTestId('bo-nav').getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByTestId('bo-audit')).toBeVisible();
    // other specs sign staff in meanwhile (the other worker): Olga's row, not merely the newest
    await expect(page.locator('[data-testid="bo-audit-row"][data-action="sign_in"]', { hasText: 'Olga Owner' }).first()).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);

    await page.getByTestId('bo-nav').getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByTestId('bo-staff')).toBeVisible();
    await expect(page.locator(`[data-testid="bo-staff-row"][data-email="${email}"]`)).toContainText('On');
    expect(await wcagViolations(page)).toEqual([]);

    await page.getByTestId('bo-logout').click();
    await expect(page).toHaveURL(`${ADMIN}/login?signed_out=1`);
  } finally {
    await setTotpRequired(db, false);
    await db.destroy();
  }
});
