/**
 * The content studio's editor in Chromium (docs/product/content-studio.md#editor): an editor opens the sv page
 * "om-oss", types a heading, links a page of the storefront through the internal-link picker, uploads an image
 * (refused without alt text) and inserts a table; autosave says "Saved at HH:MM" and both preview frames (phone
 * and desktop width, the signed /page-preview on the storefront's domain) show the new heading and the link at
 * its localized path. axe finds nothing on the page, nor with a dialog open; the strict CSP reports nothing. The
 * page's forms (publish …) post only after pending edits are saved, with the new revision; a save that another
 * one overtook says who saved.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { wcagViolations } from './a11y-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

const STUDIO_PAGE = `${ADMIN}/content/page/sv/om-oss`;

// every test edits the same draft: in parallel, one's save would overtake another's (a conflict)
test.describe.configure({ mode: 'serial' });

/** A small valid PNG (a two-colour gradient), made here so the spec needs no binary fixture. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = Math.round((x / width) * 255);
      rows[row + 2 + x * 3] = 80;
      rows[row + 3 + x * 3] = Math.round((y / height) * 255);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The caret at the end of the editor's text, on a new paragraph. */
async function newParagraph(page: Page) {
  const editor = page.getByTestId('studio-editor');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
}

/** CSP violations the page reports in its console (a script the policy blocks, an eval …). */
function cspReports(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) found.push(m.text());
  });
  return found;
}

test('an editor writes a page with a heading, an internal link, an image and a table; autosave and both previews follow', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // unique per run: a retry (or an earlier run on the same database) leaves its own text in the draft
  const stamp = Date.now().toString(36);
  const heading = `Studio heading ${stamp}`;
  const alt = `A gradient test image ${stamp}`;
  const csp = cspReports(page);
  await signInStaffPage(page, 'editor');
  await page.goto(STUDIO_PAGE);
  const editor = page.getByTestId('studio-editor');
  await expect(editor).toBeVisible();
  // tests/e2e/content-preview.spec.ts may have left its own draft title ("Om oss – utkast")
  await expect(page.getByTestId('studio-title')).toHaveValue(/^Om oss/);
  expect(await wcagViolations(page)).toEqual([]);

  // a heading
  await newParagraph(page);
  await page.getByTestId('studio-tool-h2').click();
  await expect(page.getByTestId('studio-tool-h2')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type(heading);
  await expect(editor.locator('h2', { hasText: heading })).toBeVisible();

  // an internal link picked from the route table: the storefront's own path and the target's ref
  await page.keyboard.press('Enter');
  await page.keyboard.type(`Read about returns ${stamp}: `);
  await page.getByTestId('studio-tool-internal-link').click();
  const picker = page.getByTestId('studio-link-picker');
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('studio-link-search')).toBeFocused();
  await page.getByTestId('studio-link-search').fill('retur');
  const option = picker.locator('[data-testid="studio-link-option"][data-ref="page:returns"]');
  await expect(option).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await option.click();
  await expect(picker).toBeHidden();
  await expect(editor.locator('p', { hasText: stamp }).locator('a[href="/kundservice/retur"][data-link="page:returns"]')).toHaveText(
    'Returer',
  );

  // an image: refused without alt text, then uploaded with it and inserted with its size and variants
  await page.getByTestId('studio-tool-image').click();
  const dialog = page.getByTestId('studio-image-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('studio-image-file').setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: png(320, 200) });
  await page.getByTestId('studio-image-insert').click();
  await expect(page.getByTestId('studio-image-error')).toHaveText('Describe the image before inserting it.');
  await expect(dialog).toBeVisible();
  await page.getByTestId('studio-image-alt').fill(alt);
  await page.getByTestId('studio-image-insert').click();
  await expect(dialog).toBeHidden();
  const img = editor.locator(`img[alt="${alt}"]`);
  await expect(img).toHaveAttribute('src', /^\/media\//);
  await expect(img).toHaveAttribute('width', '320');
  await expect(img).toHaveAttribute('height', '200');

  // a table with a header row
  await page.getByTestId('studio-tool-table').click();
  await expect(editor.locator('table').last().locator('th')).toHaveCount(3);
  await page.keyboard.type(`Part ${stamp}`);

  // autosave, then both previews show the saved draft
  const status = page.getByTestId('studio-save-status');
  await expect(status).toHaveText(/^Saved at \d\d:\d\d$/, { timeout: 15_000 });
  for (const id of ['studio-preview-mobile', 'studio-preview-desktop']) {
    const frame = page.frameLocator(`[data-testid="${id}"]`);
    await expect(frame.getByRole('heading', { name: heading }), id).toBeVisible({ timeout: 15_000 });
    await expect(frame.locator('p', { hasText: stamp }).locator('a[href="/kundservice/retur"][data-link="page:returns"]'), id).toHaveText(
      'Returer',
    );
    await expect(frame.locator(`img[alt="${alt}"]`), id).toHaveCount(1);
    await expect(frame.locator('table th', { hasText: `Part ${stamp}` }), id).toHaveCount(1);
  }
  const sizes = await page.evaluate(() =>
    ['mobile', 'desktop'].map((k) => (document.querySelector(`[data-testid="studio-preview-${k}"]`) as HTMLIFrameElement).width),
  );
  expect(sizes).toEqual(['375', '1280']);
  expect(await wcagViolations(page)).toEqual([]);
  expect(csp).toEqual([]);
});

test('a form of the page posts only after the pending edits are saved, with the new revision', async ({ page }) => {
  await signInStaffPage(page, 'editor');
  await page.goto(STUDIO_PAGE);
  await expect(page.getByTestId('studio-tool-h2')).toBeVisible();
  // a form like the page's publish form; what it posts is caught here
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/studio-flush-probe';
    form.dataset.studioFlush = '';
    form.innerHTML = '<input type="hidden" name="revision" value="0"><button type="submit" data-testid="probe-submit">Probe</button>';
    document.body.append(form);
  });
  const events: string[] = [];
  let posted = '';
  await page.route('**/studio-flush-probe', async (route) => {
    events.push('form');
    posted = route.request().postData() ?? '';
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>ok</title><p>ok</p>' });
  });
  // the save's answer is not read here (the page leaves right after it): each save raises the revision by one
  let base: number | undefined;
  page.on('response', (r) => {
    if (r.url().endsWith('/content/api/draft') && r.status() === 200) {
      events.push('draft');
      base = (r.request().postDataJSON() as { baseRevision: number }).baseRevision;
    }
  });
  await newParagraph(page);
  await page.keyboard.type('typed right before publishing');
  await page.getByTestId('probe-submit').click(); // well within the autosave delay
  await expect.poll(() => events).toEqual(['draft', 'form']);
  expect(new URLSearchParams(posted).get('revision')).toBe(String(base! + 1));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a save that another one overtook stops autosaving and says who saved', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  const email = await signInStaffPage(first, 'editor');
  const second = await context.newPage();
  for (const p of [first, second]) {
    await p.goto(STUDIO_PAGE);
    await expect(p.getByTestId('studio-tool-h2')).toBeVisible();
  }
  await newParagraph(first);
  await first.keyboard.type('the first tab');
  await expect(first.getByTestId('studio-save-status')).toHaveText(/^Saved at/, { timeout: 15_000 });
  await newParagraph(second);
  await second.keyboard.type('the second tab, started from the old revision');
  const status = second.getByTestId('studio-save-status');
  await expect(status).toContainText('saved this page at', { timeout: 15_000 });
  await expect(status).toContainText(email.split('@')[0]!);
  await expect(second.getByTestId('studio-conflict-reload')).toBeVisible();
  await context.close();
});

test('the toolbar is reachable and usable from the keyboard', async ({ page }) => {
  await signInStaffPage(page, 'editor');
  await page.goto(STUDIO_PAGE);
  const toolbar = page.getByRole('toolbar');
  await expect(toolbar).toBeVisible();
  await page.getByTestId('studio-tool-h2').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('studio-tool-h3')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByTestId('studio-tool-table')).toBeFocused();
  await page.getByTestId('studio-tool-image').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('studio-image-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('studio-image-dialog')).toBeHidden();
  await expect(page.getByTestId('studio-tool-image')).toBeFocused();
});

test('a link to a web address: script addresses refused, a bare domain linked over https', async ({ page }) => {
  await signInStaffPage(page, 'editor');
  await page.goto(STUDIO_PAGE);
  await expect(page.getByTestId('studio-tool-link')).toBeVisible();
  await newParagraph(page);
  const text = `our supplier ${Date.now().toString(36)}`;
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Home');
  await page.getByTestId('studio-tool-link').click();
  const dialog = page.getByTestId('studio-link-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('studio-link-url').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Set link' }).click();
  await expect(page.getByTestId('studio-link-url')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await page.getByTestId('studio-link-url').fill('example.com');
  await dialog.getByRole('button', { name: 'Set link' }).click();
  await expect(dialog).toBeHidden();
  const link = page.getByTestId('studio-editor').locator('a[href="https://example.com/"]', { hasText: text });
  await expect(link).toHaveText(text);
  await expect(link).not.toHaveAttribute('data-link', /.*/);
  await expect(page.getByTestId('studio-tool-link')).toHaveAttribute('aria-pressed', 'true');
});
