/**
 * The content studio in Chromium (docs/product/content-studio.md): an editor creates a page with a heading, an
 * internal link and an image, sees it in the preview at phone and desktop width, publishes it, and the public page
 * shows it within 10 s with the image sized and the link on the storefront's own path — in Swedish and in the
 * Finnish translation started from it. A scheduled publish goes live at its time; an earlier version is restored;
 * a save over another editor's newer save is refused; script payloads stay text; an editor reaches no orders or
 * customers. axe on every studio page.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { pathFor } from '#lib/routing/routes.ts';
import { origin } from '#tests/support/test-env.ts';
import { chooseDoors } from '#server/catalogue/calendar-doors.ts';
import { withDb } from './account-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A product sold in Sweden and Finland, with its path in each. */
async function productInSvAndFi() {
  return withDb(async (db) => {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('product_translations as sv', (j) => j.onRef('sv.product_id', '=', 'p.id').on('sv.locale', '=', 'sv'))
      .innerJoin('product_translations as fi', (j) => j.onRef('fi.product_id', '=', 'p.id').on('fi.locale', '=', 'fi'))
      .innerJoin('product_prices as psv', (j) => j.onRef('psv.product_id', '=', 'p.id').on('psv.locale', '=', 'sv'))
      .innerJoin('product_prices as pfi', (j) => j.onRef('pfi.product_id', '=', 'p.id').on('pfi.locale', '=', 'fi'))
      .select(['p.sku', 'sv.name as svName', 'sv.slug as svSlug', 'fi.slug as fiSlug'])
      .where('p.orderable', '=', 1)
      .orderBy('p.id')
      .limit(40)
      .execute();
    const p = rows[rows.length - 7]!;
    return {
      sku: p.sku,
      name: p.svName,
      sv: pathFor('product', 'sv', { slug: p.svSlug }),
      fi: pathFor('product', 'fi', { slug: p.fiSlug }),
    };
  });
}

async function newPage(page: Page, locale: string, slug: string, title: string, from = '') {
  await page.goto(`${ADMIN}/content/new?locale=${locale}${from ? `&from=${encodeURIComponent(from)}` : ''}`);
  await page.getByLabel('Storefront').selectOption(locale);
  await page.getByTestId('bo-content-slug').fill(slug);
  await page.getByTestId('bo-content-title').fill(title);
  await Promise.all([
    page.waitForURL(`${ADMIN}/content/page/${locale}/${slug}`),
    page.getByRole('button', { name: 'Create the draft' }).click(),
  ]);
}

const saved = (page: Page) => expect(page.getByTestId('studio-save-status')).toHaveText(/saved/i, { timeout: 10_000 });

async function publish(page: Page) {
  await page.getByTestId('bo-studio-publish-now').getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByTestId('bo-studio-notice')).toContainText('Published');
}

/** The public page, reloaded until it answers with `check` passing (the change feed's re-render, ≤ 10 s). */
async function publicPage(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    const r = await page.goto(url);
    expect(r?.status()).toBe(200);
    await check();
  }).toPass({ timeout: 10_000 });
}

test('an editor writes a page with a heading, an internal link and an image, previews it at two widths and publishes it in two storefronts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const product = await productInSvAndFi();
  const slug = `e2e-studio-${run}`;
  await signInStaffPage(page, 'editor');
  await page.getByTestId('bo-nav').getByRole('link', { name: 'Content' }).click();
  await expect(page.getByTestId('bo-content')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await newPage(page, 'sv', slug, 'Reservdelsguide');
  const editor = page.getByTestId('studio-editor');
  await editor.click();
  await page.getByTestId('studio-tool-h2').click();
  await page.keyboard.type('Hitta rätt del');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Läs om ');
  // an internal link from the route table
  await page.getByTestId('studio-tool-internal-link').click();
  await expect(page.getByTestId('studio-link-picker')).toBeVisible();
  await page.getByTestId('studio-link-search').fill(product.sku);
  await page.getByTestId('studio-link-option').filter({ hasText: product.name }).first().click();
  await expect(editor.locator(`a[href="${product.sv}"]`)).toBeVisible();
  await editor.press('End');
  await page.keyboard.press('Enter');
  // an image with its alt text
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b91c1c' } })
    .png()
    .toBuffer();
  await page.getByTestId('studio-tool-image').click();
  await expect(page.getByTestId('studio-image-dialog')).toBeVisible();
  await page.getByTestId('studio-image-file').setInputFiles({ name: 'del.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('studio-image-alt').fill('Röd reservdel');
  await page.getByTestId('studio-image-insert').click();
  await expect(editor.locator('img[alt="Röd reservdel"]')).toBeVisible();
  await saved(page);
  expect(await wcagViolations(page)).toEqual([]);

  // the preview beside the editor, at both widths, shows the saved draft
  for (const id of ['studio-preview-mobile', 'studio-preview-desktop']) {
    const frame = page.frameLocator(`[data-testid="${id}"]`);
    await expect(frame.locator('main h2', { hasText: 'Hitta rätt del' })).toBeVisible({ timeout: 10_000 });
    await expect(frame.locator('main img[alt="Röd reservdel"]')).toBeVisible();
  }
  // the storefront's own page lays itself out at those widths (read inside the frame: it is another origin)
  const widthIn = (id: string) =>
    page
      .frameLocator(`[data-testid="${id}"]`)
      .locator('html')
      .evaluate(() => window.innerWidth);
  expect(await widthIn('studio-preview-mobile')).toBe(375);
  expect(await widthIn('studio-preview-desktop')).toBe(1280);

  await publish(page);
  const shopper = await page.context().newPage();
  await publicPage(shopper, `${origin('sv')}/${slug}`, async () => {
    await expect(shopper.locator('main h2', { hasText: 'Hitta rätt del' })).toBeVisible({ timeout: 500 });
  });
  const img = shopper.locator('main img[alt="Röd reservdel"]');
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
  expect(Number(await img.getAttribute('width')) / Number(await img.getAttribute('height'))).toBeCloseTo(1.5, 1);
  expect(await img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(shopper.locator(`main a[href="${product.sv}"]`)).toBeVisible();

  // the Finnish version, started from the Swedish text: the same product on its Finnish path
  await page.goto(`${ADMIN}/content/page/sv/${slug}`);
  await page.getByTestId('bo-studio-translations').locator('li[data-locale="fi"]').getByTestId('bo-studio-translate').click();
  await expect(page.getByTestId('bo-content-source')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  const fiSlug = `e2e-studio-fi-${run}`;
  await page.getByTestId('bo-content-slug').fill(fiSlug);
  await page.getByTestId('bo-content-title').fill('Varaosaopas');
  await Promise.all([
    page.waitForURL(`${ADMIN}/content/page/fi/${fiSlug}`),
    page.getByRole('button', { name: 'Create the draft' }).click(),
  ]);
  await expect(page.getByTestId('studio-editor').locator(`a[href="${product.fi}"]`)).toBeVisible();
  await publish(page);
  await publicPage(shopper, `${origin('fi')}/${fiSlug}`, async () => {
    await expect(shopper.locator(`main a[href="${product.fi}"]`)).toBeVisible({ timeout: 500 });
  });
  await expect(shopper.locator('main img[alt="Röd reservdel"]')).toBeVisible();
  await shopper.close();
});

test('a scheduled publish goes live at its time; an earlier version is restored', async ({ page }) => {
  test.setTimeout(90_000);
  const slug = `e2e-schedule-${run}`;
  await signInStaffPage(page, 'editor');
  await newPage(page, 'sv', slug, 'Schemalagd sida');
  const editor = page.getByTestId('studio-editor');
  await editor.click();
  await page.keyboard.type('Version ett');
  await saved(page);
  await publish(page);
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' och två');
  await saved(page);

  await page.getByTestId('bo-studio-schedule').getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('bo-studio-scheduled')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  // the form has minute precision: bring the time the editor chose forward to now (the scheduler runs every few seconds)
  await withDb((db) =>
    db
      .updateTable('content_drafts')
      .set({ publish_at: new Date(Date.now() + 1000).toISOString() })
      .where('locale', '=', 'sv')
      .where('key', '=', slug)
      .execute(),
  );
  const shopper = await page.context().newPage();
  await expect(async () => {
    await shopper.goto(`${origin('sv')}/${slug}`);
    await expect(shopper.locator('main')).toContainText('Version ett och två', { timeout: 500 });
  }).toPass({ timeout: 20_000 });

  await page.reload();
  await expect(page.getByTestId('bo-studio-version')).toHaveCount(2);
  await expect(page.getByTestId('bo-studio-scheduled')).toHaveCount(0);
  await page.locator('[data-testid="bo-studio-version"][data-version="2"] summary').click();
  await expect(page.locator('[data-testid="bo-studio-version"][data-version="2"] ins')).toContainText('Version ett och två');
  expect(await wcagViolations(page)).toEqual([]);
  await page.locator('[data-testid="bo-studio-version"][data-version="1"]').getByRole('button', { name: 'Restore into the draft' }).click();
  await expect(page.getByTestId('bo-studio-notice')).toBeVisible();
  await expect(page.getByTestId('studio-editor')).toHaveText('Version ett');
  await publish(page);
  await publicPage(shopper, `${origin('sv')}/${slug}`, async () => {
    await expect(shopper.locator('main')).not.toContainText('och två', { timeout: 500 });
  });
  await shopper.close();
});

test('a save over another editor’s newer save is refused and says who saved', async ({ browser }) => {
  const slug = `e2e-conflict-${run}`;
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  const firstEmail = await signInStaffPage(first, 'editor');
  await signInStaffPage(second, 'editor');
  await newPage(first, 'sv', slug, 'Delad sida');
  await second.goto(`${ADMIN}/content/page/sv/${slug}`);
  await first.getByTestId('studio-editor').click();
  await first.keyboard.type('Först');
  await saved(first);
  await second.getByTestId('studio-editor').click();
  await second.keyboard.type('Sedan');
  await expect(second.getByTestId('studio-save-status')).toContainText(firstEmail, { timeout: 10_000 });
  const stored = await withDb((db) =>
    db.selectFrom('content_drafts').select('body_html').where('key', '=', slug).executeTakeFirstOrThrow(),
  );
  expect(stored.body_html).toContain('Först');
  expect(stored.body_html).not.toContain('Sedan');
});

test('script payloads in the title and text stay text; an editor reaches no orders or customers', async ({ page }) => {
  const slug = `e2e-xss-${run}`;
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInStaffPage(page, 'editor');
  await expect(page.getByTestId('bo-nav').getByRole('link', { name: 'Orders' })).toHaveCount(0);
  await expect(page.getByTestId('bo-nav').getByRole('link', { name: 'Customers' })).toHaveCount(0);
  for (const path of ['/orders', '/customers']) expect((await page.goto(`${ADMIN}${path}`))!.status()).toBe(403);

  await newPage(page, 'sv', slug, '<img src=x onerror=alert(1)>Rubrik');
  await page.getByTestId('studio-editor').click();
  await page.keyboard.type('<script>alert(2)</script>');
  await saved(page);
  await publish(page);
  const shopper = await page.context().newPage();
  shopper.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await publicPage(shopper, `${origin('sv')}/${slug}`, async () => {
    await expect(shopper.locator('main h1')).toHaveText('<img src=x onerror=alert(1)>Rubrik', { timeout: 500 });
  });
  await expect(shopper.locator('main')).toContainText('<script>alert(2)</script>');
  expect(dialogs).toEqual([]);
  await shopper.close();
});

test('the widgets, deals and Christmas calendar pages pass axe; a widget is edited and published; a door an editor chose shows on the calendar within seconds', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInStaffPage(page, 'editor');
  for (const path of [
    '/content/widgets',
    '/content/widgets/sv/store-message',
    '/content/deals',
    '/content/deals/sv/new',
    '/content/calendar?locale=da',
  ]) {
    expect((await page.goto(`${ADMIN}${path}`))!.status(), path).toBe(200);
    expect(await wcagViolations(page), path).toEqual([]);
  }
  // a widget in the same editor: its text and "hidden" switch autosaved, then published (no rebuild in this server)
  const original = await withDb((db) =>
    db
      .selectFrom('widgets')
      .select(['content', 'hidden'])
      .where('locale', '=', 'nl')
      .where('slug', '=', 'footer-columns')
      .executeTakeFirstOrThrow(),
  );
  try {
    await page.goto(`${ADMIN}/content/widgets/nl/footer-columns`);
    await page.getByTestId('studio-editor').click();
    await page.keyboard.type('Klantenservice en retouren');
    await page.getByTestId('studio-hidden').check();
    await saved(page);
    await page.getByTestId('bo-studio-publish-now').getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByTestId('bo-studio-notice')).toContainText('Published');
    const w = await withDb((db) =>
      db
        .selectFrom('widgets')
        .select(['content', 'hidden'])
        .where('locale', '=', 'nl')
        .where('slug', '=', 'footer-columns')
        .executeTakeFirstOrThrow(),
    );
    expect(w.content).toContain('Klantenservice en retouren');
    expect(w.hidden).toBe(1);
  } finally {
    await withDb(async (db) => {
      await db.updateTable('widgets').set(original).where('locale', '=', 'nl').where('slug', '=', 'footer-columns').execute();
      await db
        .deleteFrom('content_drafts')
        .where('kind', '=', 'widget')
        .where('locale', '=', 'nl')
        .where('key', '=', 'footer-columns')
        .execute();
    });
  }

  await page.goto(`${ADMIN}/content/calendar?locale=da`);
  // a product no Danish door shows yet behind door 1
  const shown = await page.getByTestId('bo-calendar-door').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-sku')));
  const pick = await withDb(async (db) => {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'da'))
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'da'))
      .select(['p.sku', 't.name'])
      .where('p.orderable', '=', 1)
      .orderBy('p.id', 'desc')
      .limit(60)
      .execute();
    return rows.find((r) => !shown.includes(r.sku))!;
  });
  try {
    await page.getByLabel('Product number for door 1', { exact: true }).fill(pick.sku);
    await page.getByRole('button', { name: 'Review the changes' }).click();
    await expect(page.getByTestId('bo-confirm')).toContainText(`Door 1: automatic pick → ${pick.sku}`);
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByTestId('bo-confirm-submit').click();
    await expect(page.getByTestId('bo-studio-notice')).toBeVisible();
    const shopper = await page.context().newPage();
    await publicPage(shopper, `${origin('da')}${pathFor('christmas-calendar', 'da')}`, async () => {
      await expect(shopper.locator('main')).toContainText(pick.name, { timeout: 500 });
    });
    await shopper.close();
  } finally {
    // back to the automatic pick, through the same change feed
    await withDb((db) => chooseDoors(db, 'da', new Map(), 'e2e studio test'));
  }
});
