import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './csp-support';
import { startMason, type MasonProcess } from './mason-process';
import { newPerson, PROJECT_URL, submitSignUp } from './support';

// The one test of project thumbnails (every other server keeps them off, MASON_THUMBNAILS=false):
// a Mason process of its own with them on, no provider key, so the offline demo model builds the
// app. The picture is made inside the preview by its bridge, in this real Chromium, and the
// dashboard's card shows it.
let mason: MasonProcess | null = null;
let origin = '';
let dataDir = '';

test.beforeAll(async () => {
  // A fresh database's migrations, on a machine that may be busy.
  test.setTimeout(150_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-thumbnails-'));
  const port = await freePort();
  mason = await startMason(port, { DATA_DIR: dataDir, MASON_THUMBNAILS: 'true' });
  origin = `http://localhost:${port}`;
});

test.afterAll(async () => {
  await mason?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the preview pictures the app once it has settled, and the dashboard card shows that picture', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await submitSignUp(page, newPerson(), origin);
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  const stored = page.waitForResponse(
    (response) => response.url().endsWith('/thumbnail') && response.request().method() === 'PUT',
    { timeout: 90_000 },
  );

  await page.goto(`${origin}/dashboard/projects/new`);
  await page
    .getByRole('textbox', { name: 'Describe the app you want' })
    .fill('A reading list with Dune, Emma and Ulysses');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(PROJECT_URL);
  const app = page.frameLocator('iframe[title="App preview"]');
  await expect(app.getByRole('checkbox', { name: 'Ulysses' })).toBeVisible({ timeout: 60_000 });

  // The bridge waits for the page to settle, pictures it, and the pane stores the picture.
  const put = await stored;
  expect(put.status()).toBe(200);

  await page.goto(`${origin}/dashboard/projects`);
  const card = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: 'Reading List' }),
  });
  const image = card.getByRole('img', { name: 'Preview of Reading List' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(480);
  // A real picture of the app, not a blank or a placeholder colour: many colours in its pixels.
  const colours = await image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(element, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set<string>();
    // Coarse buckets, so JPEG/WebP noise on one flat colour does not count as many.
    for (let index = 0; index < data.length; index += 4)
      seen.add(
        [data[index], data[index + 1], data[index + 2]].map((value) => (value ?? 0) >> 4).join(),
      );
    return seen.size;
  });
  expect(colours).toBeGreaterThan(3);
});
