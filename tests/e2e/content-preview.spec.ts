/**
 * /page-preview in Chromium (docs/product/content-editing.md#preview-links): a signed link shows the draft in
 * the site's layout with no CSP violation; a forged one shows the refusal page, not the draft.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { saveDraft } from '#server/content/drafts-store.ts';
import { previewQuery } from '#server/content/preview-signature.ts';
import { origin } from '#tests/support/test-env.ts';
import { withDb } from './account-fixtures.ts';

const sv = origin('sv');

test('sv: a draft previews in the site layout, a forged link is refused', async ({ page }) => {
  const { id, key } = await withDb(async (db) => {
    const draft = await saveDraft(db, 'sv', {
      kind: 'page',
      key: 'om-oss',
      title: 'Om oss – utkast',
      bodyHtml: '<p>Utkasttext</p><script>alert(1)</script>',
      metaDescription: '',
      editor: 'e2e',
    });
    const row = await db.selectFrom('shared_secrets').select('secret').where('name', '=', 'auth_tokens').executeTakeFirstOrThrow();
    return { id: draft.id, key: createHmac('sha256', row.secret).update('partsfront content preview').digest('hex') };
  });
  const violations: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.warn(`CSP violation: ${e.violatedDirective}`)),
  );
  page.on('console', (m) => {
    if (/CSP violation|Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const query = previewQuery(key, { draftId: id, locale: 'sv', expires: Math.floor(Date.now() / 1000) + 600 });
  const response = await page.goto(`${sv}/page-preview?${query}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('preview-banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Om oss – utkast' })).toBeVisible();
  await expect(page.getByTestId('content-page')).toContainText('Utkasttext');
  await expect(page.getByTestId('search-input')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(violations).toEqual([]);

  const forged = await page.goto(`${sv}/page-preview?${query.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}`);
  expect(forged?.status()).toBe(403);
  await expect(page.getByTestId('preview-refused')).toBeVisible();
  await expect(page.getByText('Utkasttext')).toHaveCount(0);
  await withDb((db) => db.deleteFrom('content_drafts').where('id', '=', id).execute());
});
