/**
 * The shared back-office e2e fixture (tests/e2e/backoffice-fixtures.ts) signs a staff member's browser in.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

test('a staff member signed in by the fixture opens the dashboard', async ({ page }) => {
  await signInStaffPage(page, 'staff');
  await page.goto(`${ADMIN}/`);
  await expect(page).toHaveURL(`${ADMIN}/`);
});
