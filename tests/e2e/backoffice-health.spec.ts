/**
 * The back office's health page in the browser (docs/product/back-office.md#health): a failed e-mail is sent again
 * through the confirm step; the page, the confirm step and the notice pass axe (WCAG 2.1 A/AA).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { outboxRow } from '#tests/support/queue-rows.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

test('staff send a failed e-mail again from the outbox through the confirm step', async ({ page }) => {
  const id = randomUUID();
  const subject = `Orderbekräftelse ${id.slice(0, 8)}`;
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const now = new Date().toISOString();
    await db
      .insertInto('mail_outbox')
      .values(
        outboxRow({
          id,
          status: 'failed',
          createdAt: now,
          subject,
          recipient: 'health-e2e@example.se',
          attempts: 5,
          lastError: '550 mailbox unavailable',
        }),
      )
      .execute();
  } finally {
    await db.destroy();
  }
  await signInStaffPage(page, 'staff');
  await page.getByTestId('bo-nav').getByRole('link', { name: 'Health' }).click();
  await expect(page.getByTestId('bo-outbox')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'failed' }).check();
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.locator(`[data-testid="bo-outbox-row"][data-id="${id}"]`);
  await expect(row).toContainText('550 mailbox unavailable');
  await row.getByTestId('bo-outbox-resend').click();
  await expect(page.getByTestId('bo-confirm')).toContainText(subject);
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByTestId('bo-confirm-yes').click();
  await expect(page.getByTestId('bo-health-notice')).toHaveText('The e-mail is queued again and goes out with the next delivery round.');
  expect(await wcagViolations(page)).toEqual([]);
  await page.goto(`${ADMIN}/health?state=failed&size=100`);
  await expect(page.locator(`[data-testid="bo-outbox-row"][data-id="${id}"]`)).toHaveCount(0);
});
